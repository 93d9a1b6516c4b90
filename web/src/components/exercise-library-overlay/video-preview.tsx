import { parseYouTubeId, youTubeEmbedUrl } from '@kernel';
import './exercise-library.css';

type VideoPreviewProps = { url: string | null | undefined; title: string; className?: string };

/**
 * A YouTube preview on the privacy-enhanced host. Only links the server would
 * accept (watch, embed or youtu.be with an 11-character id) become an iframe,
 * because the id ends up in its src; anything else renders nothing. Lazy, so a
 * page of cards only loads the players scrolled into view.
 */
export function VideoPreview({ url, title, className }: VideoPreviewProps) {
  const id = url ? parseYouTubeId(url) : null;
  if (!id) return null;
  return (
    <div className={className ? `video-preview ${className}` : 'video-preview'}>
      <iframe
        src={youTubeEmbedUrl(id)}
        title={title}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}
