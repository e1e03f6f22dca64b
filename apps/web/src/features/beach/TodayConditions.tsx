import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TodayPost } from '@safeshore/domain';
import { Dialog } from '../../ui/Dialog.tsx';
import { FallbackImage } from './FallbackImage.tsx';

/** "h:mm am" from a local timestamp "YYYY-MM-DD HH:mm:ss" (or ISO), else the text as given. */
function timeOf(local: string): string {
  const match = /[ T](\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'am' : 'pm'}`;
}

const isExternal = (link: string) => /^https?:\/\//i.test(link);

/**
 * Today's Conditions (spec section 2): point_id 1 is the large photo-of-the-day card (250 px) that
 * opens a dialog unless it carries a link; other posts are small tiles navigating to their link.
 * Sample posts are labelled "Sample data".
 */
export function TodayConditions({ posts, beachTitle }: { posts: TodayPost[]; beachTitle: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<TodayPost | null>(null);
  if (posts.length === 0) return null;
  const follow = (link: string) => {
    if (isExternal(link)) window.location.assign(link);
    else void navigate(link);
  };
  const sampleTag = (post: TodayPost) => post.meta.sample && <span className="sample-tag">Sample data</span>;
  return (
    <section className="card today" aria-labelledby="today-heading">
      <h2 id="today-heading">Today&apos;s Conditions</h2>
      <div className="today__tiles">
        {posts.map((post, i) => {
          if (post.point_id === 1) {
            const added = timeOf(post.local_timestamp);
            return (
              <button
                key={i}
                type="button"
                className="today__photo"
                onClick={() => (post.meta.link ? follow(post.meta.link) : setOpen(post))}
                aria-label={`Photo of the day, added ${added}${post.meta.sample ? ' (sample data)' : ''}`}
              >
                {post.meta.image_url ? (
                  <FallbackImage src={post.meta.image_url} alt="" />
                ) : (
                  <span>Image not available</span>
                )}
                {sampleTag(post)}
              </button>
            );
          }
          const content = (
            <>
              {post.meta.image_url && <img src={post.meta.image_url} alt="" />}
              <span>{post.meta.label ?? 'Update'}</span>
              {sampleTag(post)}
            </>
          );
          return post.meta.link ? (
            <button key={i} type="button" className="today__tile" onClick={() => follow(post.meta.link!)}>
              {content}
            </button>
          ) : (
            <div key={i} className="today__tile">
              {content}
            </div>
          );
        })}
      </div>
      {open && (
        <Dialog
          open
          width={800}
          title={`Photo of the day | Added ${timeOf(open.local_timestamp)}`}
          onClose={() => setOpen(null)}
        >
          {open.meta.image_url ? (
            <FallbackImage
              className="today__photo-large"
              src={open.meta.image_url}
              alt={`Photo of the day at ${beachTitle}`}
            />
          ) : (
            <p>Image not available</p>
          )}
          {open.meta.sample && (
            <p>
              <span className="sample-tag">Sample data</span> This is a sample photo, not today&apos;s view of
              the beach.
            </p>
          )}
          {open.meta.first_name && <p className="muted">Added by {open.meta.first_name}</p>}
        </Dialog>
      )}
    </section>
  );
}
