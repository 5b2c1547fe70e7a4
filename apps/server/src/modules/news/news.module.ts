import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { createNewsAdminService } from './news-admin.service';
import { createNewsAdminRepository, createNewsRepository } from './news.repository';
import { registerNewsRoutes } from './news.routes';
import { seedNews } from './news.seed';
import { createNewsService } from './news.service';

/** News articles: content staff write them in the console, anyone reads the published ones. */
export const newsModule = appModule({
  seed: seedNews,
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>) => {
    const newsService = createNewsService(createNewsRepository(db));
    const admin = createNewsAdminService(createNewsAdminRepository(db), now);
    return { routes: (route) => registerNewsRoutes(route, newsService, admin) };
  },
});
