import { createRobotCheckedFormMachine } from './form-post';

/**
 * The login form (spec 1 §4 Login outcomes, spec 3 §4 Login): Submit waits for the robot
 * check. The server decides where a rider goes (reset password, parental consent, e-mail
 * verification, the stored redirect) and redirects there; the browser sees only that the page
 * leaves. A failure clears the form and resets the robot check, so every attempt needs a fresh one.
 */
export const loginMachine = createRobotCheckedFormMachine('login');
