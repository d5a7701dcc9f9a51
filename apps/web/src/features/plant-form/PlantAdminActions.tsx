import { EditOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { plantAdminApi, plantAdminKeys } from '../../api/plantAdmin';
import { usePermissions } from '../../kit/permissions';
import './overviewActions.css';

/**
 * The overview's way into the editor and the share dialog. Shown only when the plant's own rights allow it
 * (GET /plant/{id}/info), not merely the role: a guest share or a visitor sees no edit control at all.
 */
export function PlantAdminActions({ plantId }: { plantId: string }): React.JSX.Element | null {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { held } = usePermissions();
  const mayEdit = held.has('station.edit');
  const detail = useQuery({
    queryKey: plantAdminKeys.detail(plantId),
    queryFn: () => plantAdminApi.detail(plantId),
    enabled: mayEdit,
    staleTime: 60_000,
  });
  const rights = detail.data?.rights;
  if (!mayEdit || !rights?.edit) return null;
  const editPath = `/plants/edit/${encodeURIComponent(plantId)}`;
  return (
    <div className="hg-pf-overview-actions">
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => void navigate(editPath)}
        data-testid="plant-edit-link"
      >
        {t('plantForm.edit.open')}
      </Button>
      {rights.share && (
        <Button
          size="small"
          icon={<ShareAltOutlined />}
          onClick={() => void navigate(`${editPath}?dialog=share`)}
          data-testid="plant-share-link"
        >
          {t('plantForm.share.open')}
        </Button>
      )}
    </div>
  );
}
