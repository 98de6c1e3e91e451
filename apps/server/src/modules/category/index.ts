export { categoryRoutes } from './category.routes.ts';
export { type CategoryService, categoryService } from './category.service.ts';
