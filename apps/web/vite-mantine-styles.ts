import type { Plugin } from 'vite';

/** A Mantine component's class names module: @mantine/core's have a stylesheet each, the other packages one in all. */
const stylesModule = /\/@mantine\/(core|dates|notifications)\/esm\/.*\/(\w+)\.module\.mjs$/;

/**
 * Each Mantine component used brings its own stylesheet into the chunk that uses it, so a page is sent
 * the CSS of the components it shows, not Mantine's whole stylesheet. Mantine's modules import what
 * they build on before their own classes, so a component's CSS follows the CSS of those it extends.
 * Builds only: the development server serves Mantine pre-bundled, and main.tsx gives it all the CSS.
 */
export function mantineComponentStyles(): Plugin {
  return {
    name: 'mantine-component-styles',
    apply: 'build',
    transform(code, id) {
      const match = stylesModule.exec(id);
      if (!match) return null;
      const [, pkg, component] = match;
      const sheet = pkg === 'core' ? `@mantine/core/styles/${component}.css` : `@mantine/${pkg}/styles.css`;
      return { code: `import '${sheet}';\n${code}`, map: null };
    },
  };
}
