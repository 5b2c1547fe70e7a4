import { App, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { uploadEqImage } from '../../api/upload-eq-image';

export const EQ_IMAGES_MAX = 6;
/** What StaffUpload takes for a question's images (the server checks it again). */
const ACCEPT = '.jpg,.jpeg,.png';
const MAX_BYTES = 10 * 1024 * 1024;

/** The object keys of the images uploaded so far. */
export const uploadedKeys = (files: UploadFile[]): string[] =>
  files.flatMap((f) => (f.status === 'done' && typeof f.response === 'string' ? [f.response] : []));

/**
 * The images of an engineering question, each sent straight to object storage as it is picked
 * (a staff upload ticket, then the signed form); what RaiseEq takes is their keys.
 */
export function EqImageUpload({
  files,
  onChange,
}: {
  files: UploadFile[];
  onChange: (files: UploadFile[]) => void;
}) {
  const { message } = App.useApp();
  return (
    <Upload
      listType="picture-card"
      accept={ACCEPT}
      multiple
      fileList={files}
      maxCount={EQ_IMAGES_MAX}
      beforeUpload={(file) => {
        const ext = file.name.toLowerCase().replace(/^.*(\.[^.]+)$/, '$1');
        if (!ACCEPT.split(',').includes(ext)) {
          void message.error('只能上传 JPG、PNG 图片');
          return Upload.LIST_IGNORE;
        }
        if (file.size > MAX_BYTES) {
          void message.error('图片不能超过10MB');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        uploadEqImage(file as File, { onProgress: (percent) => onProgress?.({ percent }) }).then(
          (key) => onSuccess?.(key),
          (error: Error) => {
            void message.error(error.message);
            onError?.(error);
          },
        );
      }}
      onChange={({ fileList }) => onChange(fileList)}
    >
      {files.length < EQ_IMAGES_MAX && (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传图片</div>
        </button>
      )}
    </Upload>
  );
}
