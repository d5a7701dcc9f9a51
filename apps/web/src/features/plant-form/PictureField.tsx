import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { LIMITS, pictureTypeOf } from '@heliograph/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Why a picture is refused, before anything is sent: the server checks the same (content, then size). */
export async function pictureProblem(file: File): Promise<'type' | 'size' | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!pictureTypeOf(head)) return 'type';
  if (file.size > LIMITS.plantPictureBytes) return 'size';
  return null;
}

/**
 * The plant's picture: JPG or PNG recognised by its first bytes (a renamed file is refused), at most
 * LIMITS.plantPictureBytes, previewed before it is uploaded. `current` is the picture the plant already has.
 */
export function PictureField({
  value,
  onChange,
  current,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  current?: string | null;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const shown = preview ?? current ?? null;
  const mb = String(Math.round(LIMITS.plantPictureBytes / (1024 * 1024)));
  return (
    <div className="hg-pf-picture" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="hg-pf-picture-label">
        {t('plantForm.field.picture')}
      </span>
      <div className="hg-pf-picture-row">
        <div className="hg-pf-picture-frame">
          {shown ? (
            <img src={shown} alt={t('plantForm.picture.previewAlt')} data-testid="pf-picture-preview" />
          ) : (
            <PictureOutlined aria-hidden="true" className="hg-pf-picture-empty" />
          )}
        </div>
        <div className="hg-pf-picture-actions">
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            maxCount={1}
            beforeUpload={async (file) => {
              const p = await pictureProblem(file);
              setProblem(p);
              if (!p) onChange(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button
              icon={<PictureOutlined />}
              aria-describedby={problem ? errorId : undefined}
              data-testid="pf-picture"
            >
              {shown ? t('plantForm.picture.replace') : t('plantForm.picture.choose')}
            </Button>
          </Upload>
          {value && (
            <Button
              type="text"
              icon={<DeleteOutlined />}
              onClick={() => {
                onChange(null);
                setProblem(null);
              }}
            >
              {t('plantForm.picture.remove')}
            </Button>
          )}
          <span className="hg-pf-hint">{t('plantForm.picture.hint', { mb })}</span>
          {problem && (
            <span id={errorId} role="alert" className="hg-pf-error" data-testid="pf-picture-error">
              {t(`plantForm.picture.${problem}`, { mb })}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
