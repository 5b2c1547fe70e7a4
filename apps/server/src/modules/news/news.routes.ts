import { News } from '@pcb/contract/news';
import { StaffNews } from '@pcb/contract/staff-news';
import type { DefineRoute } from '../../http/define-route';
import type { NewsAdminService } from './news-admin.service';
import type { NewsService } from './news.service';

export function registerNewsRoutes(
  route: DefineRoute,
  newsService: NewsService,
  admin: NewsAdminService,
): void {
  route(News.GetList, async ({ input }) => newsService.list(input));
  route(News.GetDetail, async ({ input }) => newsService.get(input.id));

  route(StaffNews.List, async ({ input }) => admin.list(input.state, input));
  route(StaffNews.Get, async ({ input }) => admin.get(input.id));
  route(StaffNews.Create, async ({ input, write }) => admin.create(write(), input));
  route(StaffNews.Update, async ({ input, write }) => {
    const { id, ...values } = input;
    return admin.update(write(), id, values);
  });
  route(StaffNews.Publish, async ({ input, write }) => admin.publish(write(), input.id));
  route(StaffNews.Unpublish, async ({ input, write }) => admin.unpublish(write(), input.id));
  route(StaffNews.Delete, async ({ input, write }) => admin.delete(write(), input.id));
}
