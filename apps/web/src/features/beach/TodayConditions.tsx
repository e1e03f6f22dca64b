import { useState } from 'react';
import { useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import type { TodayPostSchema } from '@safeshore/domain';
import { Dialog } from '../../ui/Dialog.tsx';

type TodayPost = z.infer<typeof TodayPostSchema>;

/** "h:mm am" from a local timestamp "YYYY-MM-DD HH:mm:ss" (or ISO), else the text as given. */
function timeOf(local: string): string {
  const match = /[ T](\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * Today's Conditions (spec section 2): point_id 1 is the large photo-of-the-day card that opens a
 * dialog unless it carries a link; other posts are small tiles navigating to their link.
 */
export function TodayConditions({ posts, beachTitle }: { posts: TodayPost[]; beachTitle: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<TodayPost | null>(null);
  if (posts.length === 0) return null;
  const go = (post: TodayPost) => {
    if (post.meta.link) void navigate(post.meta.link);
    else if (post.point_id === 1) setOpen(post);
  };
  return (
    <section className="card today" aria-labelledby="today-heading">
      <h2 id="today-heading">Today&apos;s Conditions</h2>
      <div className="today__tiles">
        {posts.map((post, i) =>
          post.point_id === 1 ? (
            <button
              key={i}
              type="button"
              className="today__photo"
              onClick={() => go(post)}
              aria-label={`Photo of the day, added ${timeOf(post.local_timestamp)}`}
            >
              {post.meta.image_url ? (
                <img src={post.meta.image_url} alt="" />
              ) : (
                <span>Image not available</span>
              )}
            </button>
          ) : (
            <button
              key={i}
              type="button"
              className="today__tile"
              onClick={() => go(post)}
              disabled={!post.meta.link}
            >
              {post.meta.image_url && <img src={post.meta.image_url} alt="" />}
              <span>{post.meta.label ?? 'Update'}</span>
            </button>
          ),
        )}
      </div>
      {open && (
        <Dialog
          open
          width={800}
          title={`Photo of the day | Added ${timeOf(open.local_timestamp)}`}
          onClose={() => setOpen(null)}
        >
          {open.meta.image_url && (
            <img className="today__photo-large" src={open.meta.image_url} alt={beachTitle} />
          )}
        </Dialog>
      )}
    </section>
  );
}
