import type { ReactNode } from 'react';

/**
 * Components the plain-markup writer may call as functions (decisions 161, 162, 197). Each is
 * written as a lowercase function inside `plain(…)`, e.g.
 * `export const EventLinks = plain(function eventLinks(props) { … })`: for the rules of hooks a
 * lowercase function is no component, so ESLint refuses any hook in it (react-hooks/rules-of-hooks),
 * and the writer, which calls only these, never runs a hook outside React. React renders them
 * as any other component.
 */
const plainComponents = new WeakSet<object>();

export function plain<Component extends (props: never) => ReactNode>(component: Component): Component {
  plainComponents.add(component);
  return component;
}

export function isPlainComponent(type: unknown): type is (props: object) => ReactNode {
  return typeof type === 'function' && plainComponents.has(type);
}
