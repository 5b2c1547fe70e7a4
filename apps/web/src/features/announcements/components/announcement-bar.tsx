import { NoticeBar } from 'antd-mobile';
import { SpeakerIcon } from '../../../components/icons';
import { useEffectiveAnnouncement, type AnnouncementType } from '../api/get-effective-announcement';

function isSafeLink(url: string): boolean {
  return url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\//i.test(url);
}

/**
 * The announcement in effect for a screen. An announcement is a courtesy: while it loads,
 * when there is none, or when the call fails, the screen simply shows no bar.
 */
export function AnnouncementBar({ type }: { type: AnnouncementType }) {
  const { data } = useEffectiveAnnouncement(type);
  if (!data) return null;
  const text = data.content ? `${data.title}：${data.content}` : data.title;
  const link = data.linkUrl && isSafeLink(data.linkUrl) ? data.linkUrl : null;
  return (
    <NoticeBar
      data-testid={`announcement-${type}`}
      content={text}
      color="alert"
      icon={<SpeakerIcon />}
      extra={
        link ? (
          <a href={link} style={{ color: 'inherit', marginRight: 8 }}>
            查看
          </a>
        ) : undefined
      }
      closeable
    />
  );
}
