import { version } from './version.js';

/** A custom element class that carries the package version it was built from. */
export interface VersionedElement extends CustomElementConstructor {
  readonly version?: string;
}

/**
 * Registers `ctor` as `tag` unless the name is taken. A second load of the
 * package, or a page that defined the name first, is not an error; when the
 * name belongs to a different version of this package, a warning says so,
 * because the first definition wins.
 */
export function defineElement(
  tag: string,
  ctor: VersionedElement,
  registry: CustomElementRegistry = customElements,
): void {
  const existing = registry.get(tag) as VersionedElement | undefined;
  if (!existing) {
    registry.define(tag, ctor);
    return;
  }
  if (existing === ctor) return;
  if (existing.version !== undefined && existing.version !== version) {
    console.warn(
      `<${tag}>: version ${existing.version} is already defined on this page; this copy (${version}) is not used.`,
    );
  }
}
