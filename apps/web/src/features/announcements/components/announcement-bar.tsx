import { useState } from 'react';
import { NoticeBar } from 'antd-mobile';
import { getDismissedAnnouncements, setDismissedAnnouncements } from '../../../lib/storage';
import { SpeakerIcon } from '../../../components/icons';
import { useEffectiveAnnouncement, type AnnouncementType } from '../api/get-effective-announcement';
import '../announcements.css';

/** How many dismissals a device remembers; older announcements have long ended. */
const REMEMBERED_DISMISSALS = 20;

function isSafeLink(url: string): boolean {
  return url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\//i.test(url);
}

/**
 * The announcement in effect for a screen. An announcement is a courtesy: while it loads,
 * when there is none, or when the call fails, the screen simply shows no bar. One the member
 * closed stays closed on this device; a new announcement (another id) shows again.
 */
export function AnnouncementBar({ type }: { type: AnnouncementType }) {
  const { data } = useEffectiveAnnouncement(type);
  const [dismissed, setDismissed] = useState(getDismissedAnnouncements);
  if (!data || dismissed.includes(data.id)) return null;

  const dismiss = () => {
    const next = [...dismissed.filter((id) => id !== data.id), data.id].slice(
      -REMEMBERED_DISMISSALS,
    );
    setDismissedAnnouncements(next);
    setDismissed(next);
  };
  const text = data.content ? `${data.title}：${data.content}` : data.title;
  const link = data.linkUrl && isSafeLink(data.linkUrl) ? data.linkUrl : null;
  return (
    <NoticeBar
      className="announcement-bar"
      data-testid={`announcement-${type}`}
      data-announcement-id={data.id}
      content={text}
      color="alert"
      icon={<SpeakerIcon />}
      extra={
        link ? (
          <a href={link} className="announcement-link">
            查看
          </a>
        ) : undefined
      }
      closeable
      onClose={dismiss}
    />
  );
}
