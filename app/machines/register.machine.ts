import { createRobotCheckedFormMachine } from './form-post';

/**
 * The register form (spec 1 §4 Registration): Submit waits for the robot check, which resets
 * after every rejected attempt. The server sends a minor to parental consent and an adult to
 * login; the browser sees the page leave.
 */
export const registerMachine = createRobotCheckedFormMachine('register');
