/**
 * Builds a module-level zod schema inside a call that bundlers may drop when nothing uses the
 * result. zod constructs every schema when its module loads (about 0.1 ms each), so with each
 * definition written as `/* @__PURE__ *\/ schema(() => …)` a function bundle builds only the
 * schemas its own route uses. The mark sits at each call site because esbuild honours
 * `@__NO_SIDE_EFFECTS__` on a declaration only within its own file.
 */
export function schema<T>(build: () => T): T {
  return build();
}
