import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { getDismissedAnnouncements, setDismissedAnnouncements } from '../../../lib/storage';
import { CloseIcon, SpeakerIcon } from '../../../components/icons';
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
    <div
      className="announcement-bar"
      role="note"
      aria-label="公告"
      data-testid={`announcement-${type}`}
      data-announcement-id={data.id}
    >
      <SpeakerIcon className="announcement-icon" />
      <ScrollingText text={text} />
      {link && (
        <a href={link} className="announcement-link">
          查看
        </a>
      )}
      <button
        type="button"
        className="icon-button announcement-close"
        aria-label="关闭公告"
        onClick={dismiss}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** How fast a text wider than its bar moves, in CSS pixels a second. */
const SCROLL_SPEED = 40;

/**
 * One line of text; when it is wider than its box it moves to its end and back, pausing at
 * each (a CSS animation: nothing runs on the main thread). With reduced motion it wraps instead.
 */
function ScrollingText({ text }: { text: string }) {
  const box = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const [shift, setShift] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (!box.current || !line.current) return;
      setShift(Math.max(0, Math.ceil(line.current.scrollWidth - box.current.clientWidth)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined' || !box.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [text]);
  const style =
    shift > 0
      ? ({
          '--announcement-shift': `-${shift}px`,
          // The moving part is 80% of the cycle (10% pause at each end).
          '--announcement-duration': `${Math.max(3, shift / SCROLL_SPEED / 0.8).toFixed(1)}s`,
        } as CSSProperties)
      : undefined;
  return (
    <div className="announcement-text" ref={box}>
      <span
        ref={line}
        className={shift > 0 ? 'announcement-line announcement-scrolling' : 'announcement-line'}
        style={style}
      >
        {text}
      </span>
    </div>
  );
}
