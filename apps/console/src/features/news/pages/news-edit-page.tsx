import { lazy, Suspense, useRef } from 'react';
import { App, Button, Form, Input, Skeleton, Space, Switch, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { StaffNews, type StaffNews as Article } from '@pcb/contract/staff-news';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { paths } from '../../../lib/paths';
import { useCreateNews } from '../api/create-news';
import { useNews } from '../api/get-news';
import { usePublishNews } from '../api/publish-news';
import { useUnpublishNews } from '../api/unpublish-news';
import { useUpdateNews } from '../api/update-news';
import { newsEditPath, newsStateTags } from '../news-labels';

// The editor (Tiptap and ProseMirror) is this page's alone: its own chunk, loaded here.
const RichTextEditor = lazy(() => import('../components/rich-text-editor'));

interface Values {
  title: string;
  summary: string;
  content: string;
  isPinned: boolean;
}

const schema = StaffNews.Create.input;

/** The editor as a form control, its chunk loading behind a placeholder. */
function BodyEditor(props: { value?: string; onChange?: (html: string) => void; id?: string }) {
  const { message } = App.useApp();
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor
        {...props}
        onLinkRefused={() => void message.error('链接应以 https://、http:// 或 mailto: 开头')}
      />
    </Suspense>
  );
}

function NewsForm({ article }: { article: Article | null }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateNews();
  const update = useUpdateNews();
  const publish = usePublishNews();
  const unpublish = useUnpublishNews();
  const { form, item, refuse } = useSchemaForm<typeof schema, Values>(schema);
  const publishAfterSave = useRef(false);
  const pending = create.isPending || update.isPending || publish.isPending;

  const submit = async (values: Values) => {
    const input = {
      title: values.title,
      summary: values.summary ?? '',
      content: values.content ?? '',
      isPinned: values.isPinned ?? false,
    };
    try {
      const saved = article
        ? await update.mutateAsync({ id: article.id, ...input })
        : await create.mutateAsync(input);
      if (publishAfterSave.current && saved.state === 'draft') {
        await publish.mutateAsync({ id: saved.id });
        void message.success('新闻已发布');
      } else {
        void message.success('新闻已保存');
      }
      if (!article) void navigate(newsEditPath(saved.id), { replace: true });
    } catch (error) {
      refuse(error);
    }
  };

  const save = (andPublish: boolean) => {
    publishAfterSave.current = andPublish;
    form.submit();
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      initialValues={
        article
          ? {
              title: article.title,
              summary: article.summary,
              content: article.content,
              isPinned: article.isPinned,
            }
          : { title: '', summary: '', content: '', isPinned: false }
      }
      style={{ maxWidth: 880 }}
    >
      <Form.Item {...item('title')}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item
        {...item('summary', { toWire: (v) => v ?? '' })}
        extra="选填：列表中标题下的一两句话"
      >
        <Input.TextArea rows={2} maxLength={300} showCount />
      </Form.Item>
      <Form.Item
        {...item('isPinned', { toWire: (v) => v ?? false })}
        valuePropName="checked"
        extra="置顶的新闻排在会员端列表最前"
      >
        <Switch />
      </Form.Item>
      <Form.Item {...item('content')}>
        <BodyEditor />
      </Form.Item>
      <Space>
        <Button type="primary" loading={pending} onClick={() => save(false)}>
          保存
        </Button>
        {article?.state !== 'published' && (
          <Button loading={pending} onClick={() => save(true)}>
            保存并发布
          </Button>
        )}
        {article?.state === 'published' && (
          <Button
            loading={unpublish.isPending}
            onClick={() =>
              void unpublish.mutateAsync({ id: article.id }).then(
                () => void message.success('新闻已撤回'),
                (error: Error) => void message.error(error.message),
              )
            }
          >
            撤回
          </Button>
        )}
      </Space>
    </Form>
  );
}

/** `/news/new` writes an article, `/news/:id` edits one. */
export default function NewsEditPage() {
  const navigate = useNavigate();
  const { id: param } = useParams();
  const id = param && /^\d{1,10}$/.test(param) ? Number(param) : 0;
  const isNew = param === 'new';
  const article = useNews(id);

  const title = isNew ? '写新闻' : '编辑新闻';
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.news)}>
      返回列表
    </Button>
  );

  let body;
  if (isNew) body = <NewsForm article={null} />;
  else if (id === 0)
    body = <QueryError error={new Error('新闻不存在')} onRetry={() => void navigate(paths.news)} />;
  else if (article.isPending) body = <Skeleton active />;
  else if (article.isError)
    body = <QueryError error={article.error} onRetry={() => void article.refetch()} />;
  else body = <NewsForm key={article.data.id} article={article.data} />;

  return (
    <PageSection
      title={
        <Space>
          {title}
          {article.data && (
            <Tag color={newsStateTags[article.data.state].color}>
              {newsStateTags[article.data.state].label}
            </Tag>
          )}
        </Space>
      }
      extra={back}
    >
      {body}
    </PageSection>
  );
}
