import { useEffect, useRef, useState } from 'react';
import { EQ_IMAGES_MAX } from '@pcb/contract/eq-question';
import { errorMessage } from '../../../components/feedback';
import { uploadFile } from '../../../lib/upload';

export interface ReplyImage {
  id: number;
  name: string;
  preview: string;
  /** The upload key once stored; null while it travels. */
  key: string | null;
  error: string | null;
}

let nextId = 1;

/**
 * Photos or screenshots for an answer: each uploaded at once (`eqReply`), up to
 * EQ_IMAGES_MAX; `onChange` hears the keys of those stored and whether any is still going up.
 */
export function ReplyImages({
  onChange,
}: {
  onChange: (keys: string[], uploading: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [images, setImages] = useState<ReplyImage[]>([]);

  useEffect(() => {
    onChange(
      images.flatMap((i) => (i.key ? [i.key] : [])),
      images.some((i) => !i.key && !i.error),
    );
  }, [images, onChange]);
  // Object URLs of the previews, given back when the page goes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const add = (files: File[]) => {
    const room = EQ_IMAGES_MAX - images.length;
    for (const file of files.slice(0, room)) {
      const image: ReplyImage = {
        id: nextId++,
        name: file.name,
        preview: URL.createObjectURL(file),
        key: null,
        error: null,
      };
      previews.current.add(image.preview);
      setImages((all) => [...all, image]);
      uploadFile({ dirType: 'eqReply', file }).then(
        (key) => setImages((all) => all.map((i) => (i.id === image.id ? { ...i, key } : i))),
        (error: unknown) =>
          setImages((all) =>
            all.map((i) =>
              i.id === image.id ? { ...i, error: errorMessage(error, '上传失败') } : i,
            ),
          ),
      );
    }
  };
  const remove = (id: number) => {
    const gone = images.find((i) => i.id === id);
    if (gone) {
      URL.revokeObjectURL(gone.preview);
      previews.current.delete(gone.preview);
    }
    setImages((all) => all.filter((i) => i.id !== id));
  };

  return (
    <div className="eq-images">
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="添加图片"
        data-testid="eq-image-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          add(files);
        }}
      />
      <ul className="eq-thumbs">
        {images.map((image) => (
          <li key={image.id} className="eq-thumb" data-testid="eq-reply-image">
            <img src={image.preview} alt={image.name} />
            {!image.key && !image.error && <span className="eq-thumb-state">上传中</span>}
            {image.error && (
              <span className="eq-thumb-state eq-thumb-error" role="alert">
                {image.error}
              </span>
            )}
            <button
              type="button"
              className="eq-thumb-remove"
              aria-label={`删除图片${image.name}`}
              onClick={() => remove(image.id)}
            >
              ×
            </button>
          </li>
        ))}
        {images.length < EQ_IMAGES_MAX && (
          <li>
            <button
              type="button"
              className="eq-thumb-add"
              onClick={() => input.current?.click()}
              data-testid="eq-image-add"
            >
              <span aria-hidden="true">+</span>
              <span>添加图片</span>
            </button>
          </li>
        )}
      </ul>
      <p className="eq-hint">可附截图或照片说明，最多{EQ_IMAGES_MAX}张</p>
    </div>
  );
}
