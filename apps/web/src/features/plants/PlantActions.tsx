import { DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PlantListRow } from '../../api/plants';
import { usePermissions } from '../../kit/permissions';
import { overviewPath } from '../../components/plant/overviewPath';
import { useDeletePlant } from './useDeletePlant';

/** What the caller may do with a listed plant: edit and delete need the permission and a writable plant. */
export function usePlantRights(plant: PlantListRow): { canEdit: boolean; canDelete: boolean } {
  const { held } = usePermissions();
  return {
    canEdit: plant.writable && held.has('station.edit'),
    canDelete: plant.writable && held.has('station.delete'),
  };
}

/** A row's or card's menu: open, edit, delete (with confirmation). */
export function PlantActions({ plant }: { plant: PlantListRow }): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canEdit, canDelete } = usePlantRights(plant);
  const remove = useDeletePlant();

  const items: MenuProps['items'] = [
    { key: 'open', icon: <EyeOutlined />, label: t('plants.open') },
    ...(canEdit ? [{ key: 'edit', icon: <EditOutlined />, label: t('plants.edit') }] : []),
    ...(canDelete
      ? [
          { type: 'divider' as const },
          { key: 'delete', icon: <DeleteOutlined />, label: t('plants.delete'), danger: true },
        ]
      : []),
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'open') void navigate(overviewPath(plant));
    else if (key === 'edit') void navigate(`/plants/edit/${encodeURIComponent(plant.id)}`);
    else if (key === 'delete') remove(plant);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={t('plants.actionsFor', { name: plant.name })}
        data-testid="plant-actions"
        onClick={(e) => e.stopPropagation()}
      />
    </Dropdown>
  );
}
