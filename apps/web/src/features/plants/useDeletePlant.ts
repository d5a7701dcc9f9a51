import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ERROR_CODES } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { plantApi, plantKeys } from '../../api/plants';

/**
 * Deletes a plant (logical delete, POST plant/{id}/delete) after the person confirms. The server's own
 * refusals are shown by the request client; a plant someone else deleted meanwhile is told here and the
 * list refreshed, since "does not exist" is then the truth rather than a fault.
 */
export function useDeletePlant(): (plant: { id: string; name: string }) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => plantApi.remove(id),
    onSuccess: () => void message.success(t('plants.deleted')),
    onError: (err) => {
      if (err instanceof ApiError && err.code === ERROR_CODES.plantNotFound) void message.info(t('plants.alreadyGone'));
    },
    onSettled: (_data, _err, id) => {
      client.removeQueries({ queryKey: plantKeys.all(id) });
      return client.invalidateQueries({ queryKey: plantKeys.lists });
    },
  });

  return (plant) => {
    modal.confirm({
      title: t('plants.deleteTitle', { name: plant.name }),
      content: t('plants.deleteBody'),
      okText: t('plants.delete'),
      okButtonProps: { danger: true, id: 'plant-delete-confirm' },
      cancelText: t('plants.cancel'),
      // Resolving after the call keeps the dialog open with a spinner, so nobody clicks twice.
      onOk: () => mutation.mutateAsync(plant.id).catch(() => undefined),
    });
  };
}
