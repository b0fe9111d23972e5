// One area link being created or edited (advanced.md §3, §5): its two areas over the camera's picture, its
// name and its thresholds. Save sends POST (new) or PUT (existing) and goes back to the list with a toast; a
// 400 shows by the field it names, a 409 the limit of 5 links, a 403 the no-permission message. Leaving with
// unsaved changes asks first. Without the configEnterAlert right everything is shown read-only.
import { Alert, Box, Button, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { AREA_LINKS_MAX } from '@camwatch/contract/constants';
import { AREA_LINK_NAME_MAX } from '@camwatch/contract/entry-detection-rules';
import type { AreaLink } from '@camwatch/contract/entry-detection';
import { CameraPageHeader } from '../../../components/ui/CameraPageHeader.tsx';
import { UnsavedChangesPrompt } from '../../../components/ui/UnsavedChangesPrompt.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translatedFieldErrors } from '../../../lib/server-reason.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSaveAreaLink } from '../api/save-area-link.ts';
import {
  canAddAreaLink,
  defaultThresholdForm,
  draftChanged,
  draftOf,
  draftProblems,
  hasProblems,
  serverFieldErrors,
  toInput,
  type AreaKind,
  type AreaLinkDraft,
  type ServerErrorField,
} from '../entry-detection-rules.ts';
import { AreaLinkAreas } from './AreaLinkAreas.tsx';
import { ThresholdFields } from './ThresholdFields.tsx';

interface AreaLinkEditorProps {
  camera: CameraDetail;
  /** The camera's links (for unique names and the limit). */
  links: readonly AreaLink[];
  /** The link being edited; null for a new one. */
  link: AreaLink | null;
}

type ServerErrors = Partial<Record<ServerErrorField, string>>;

export function AreaLinkEditor({ camera, links, link }: AreaLinkEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useMe().permissions.configEnterAlert;
  const save = useSaveAreaLink(camera.camera_code, link?.id ?? null);
  const baseline = useMemo(() => draftOf(link), [link]);
  const [draft, setDraft] = useState<AreaLinkDraft>(baseline);
  const [kind, setKind] = useState<AreaKind>('entry');
  const [isNameEdited, setIsNameEdited] = useState(false);
  const [isAttempted, setIsAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [failure, setFailure] = useState<'forbidden' | 'limit' | 'gone' | null>(null);
  const [isDone, setIsDone] = useState(false);

  const listPath = `/detail/${encodeURIComponent(camera.camera_code)}/entry-detection`;
  const otherNames = links.filter((other) => other.id !== link?.id).map((other) => other.areaName);
  const problems = draftProblems(draft, otherNames);
  const isInvalid = hasProblems(problems);
  const isDirty = draftChanged(draft, baseline);
  const isSaving = save.isPending;
  const isFull = link === null && !canAddAreaLink(links.length);
  const readOnly = !canEdit;

  // Saved: back to the list once the prompt no longer holds the way.
  useEffect(() => {
    if (isDone) void navigate(listPath);
  }, [isDone, navigate, listPath]);

  const edit = (next: Partial<AreaLinkDraft>, fields: ServerErrorField[]) => {
    setDraft((current) => ({ ...current, ...next }));
    setServerErrors((current) => {
      const rest = { ...current };
      for (const field of [...fields, 'form' as const]) delete rest[field];
      return rest;
    });
  };

  const submit = async () => {
    if (!canEdit || isSaving) return;
    setIsAttempted(true);
    const input = toInput(draft, otherNames, link);
    if (!input || isFull) return;
    setServerErrors({});
    setFailure(null);
    try {
      await save.mutateAsync(input);
      showToast({
        id: 'area-link-saved',
        color: 'green',
        message: t('entryDetection.saved', { name: input.areaName }),
      });
      setIsDone(true);
    } catch (error) {
      if (!(error instanceof ApiError)) return; // no answer: the common error message is shown
      if (error.status === 400)
        setServerErrors(
          serverFieldErrors(
            translatedFieldErrors(error, { areaName: { taken: 'entryDetection.nameDuplicate' } }),
          ),
        );
      else if (error.status === 409) setFailure('limit');
      else if (error.status === 403) setFailure('forbidden');
      else if (error.status === 404) setFailure('gone');
      else if (error.status < 500) showToast({ color: 'red', message: t('entryDetection.saveFailed') });
    }
  };

  const nameMessage = (() => {
    const shown = canEdit && (isNameEdited || isAttempted) ? problems.areaName : null;
    if (shown === 'required') return t('entryDetection.nameRequired');
    if (shown === 'too_long') return t('entryDetection.nameTooLong', { max: AREA_LINK_NAME_MAX });
    if (shown === 'duplicate') return t('entryDetection.nameDuplicate');
    const server = serverErrors.areaName;
    return server;
  })();

  const title =
    link === null
      ? t('entryDetection.createTitle', { camera: camera.camera_name })
      : t(readOnly ? 'entryDetection.viewTitle' : 'entryDetection.editTitle', {
          area: link.areaName,
          camera: camera.camera_name,
        });

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <CameraPageHeader
        camera={camera}
        trail={[
          { label: t('pages.entry_detection'), to: listPath },
          { label: link === null ? t('entryDetection.newLink') : link.areaName },
        ]}
        title={title}
      />
      {readOnly && (
        <Alert color="yellow" mb="md" data-testid="read-only-note">
          {t('entryDetection.readOnlyNote')}
        </Alert>
      )}
      {canEdit && isFull && (
        <Alert color="yellow" mb="md" role="alert">
          {t('entryDetection.limitReached', { max: AREA_LINKS_MAX })}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
            <AreaLinkAreas
              camera={camera}
              areaName={draft.areaName}
              entryArea={draft.entryArea}
              machineArea={draft.machineArea}
              kind={kind}
              onKindChange={setKind}
              onChange={(which, points) =>
                which === 'entry'
                  ? edit({ entryArea: points }, ['entryArea'])
                  : edit({ machineArea: points }, ['machineArea', 'runningThreshold'])
              }
              entryProblem={canEdit && isAttempted ? problems.entryArea : null}
              machineProblem={canEdit && isAttempted ? problems.machineArea : null}
              serverErrors={serverErrors}
              readOnly={readOnly}
              disabled={isSaving}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
            <Stack gap="md">
              <TextInput
                label={t('entryDetection.fields.areaName')}
                description={t('entryDetection.help.areaName', { max: AREA_LINK_NAME_MAX })}
                value={draft.areaName}
                onChange={(event) => {
                  setIsNameEdited(true);
                  edit({ areaName: event.currentTarget.value }, ['areaName']);
                }}
                onBlur={() => setIsNameEdited(true)}
                required={canEdit}
                readOnly={readOnly}
                disabled={isSaving}
                error={nameMessage}
                maw={360}
              />
              <Title order={2} size="h5" mt="xs">
                {t('entryDetection.settings')}
              </Title>
              <ThresholdFields
                values={draft.thresholds}
                problems={problems.thresholds}
                serverErrors={serverErrors}
                hasMachineArea={draft.machineArea.length > 0}
                readOnly={readOnly}
                disabled={isSaving}
                onChange={(field, value) =>
                  edit({ thresholds: { ...draft.thresholds, [field]: value } }, [field])
                }
              />
              {serverErrors.form && (
                <Alert color="red" role="alert" p="xs">
                  {serverErrors.form}
                </Alert>
              )}
              {failure && (
                <Alert color="red" role="alert" p="xs">
                  {failure === 'forbidden'
                    ? t('messages.noPermission')
                    : failure === 'limit'
                      ? t('entryDetection.limitReached', { max: AREA_LINKS_MAX })
                      : t('entryDetection.linkGone')}
                </Alert>
              )}
              {canEdit && isAttempted && isInvalid && (
                <Text size="sm" c="red.7" role="status">
                  {t('entryDetection.fixErrors')}
                </Text>
              )}
              <Group gap="xs">
                {canEdit && (
                  <Button type="submit" loading={isSaving} disabled={!isDirty || isFull}>
                    {t('entryDetection.save')}
                  </Button>
                )}
                <Button component={Link} to={listPath} variant="default">
                  {canEdit ? t('common.cancel') : t('entryDetection.backToList')}
                </Button>
                {canEdit && (
                  <Button
                    variant="subtle"
                    disabled={isSaving}
                    onClick={() =>
                      edit({ thresholds: defaultThresholdForm() }, [
                        'detectionFrameThreshold',
                        'minimumDetectionSize',
                        'personDetectionThreshold',
                        'runningThreshold',
                        'vigilantTime',
                      ])
                    }
                  >
                    {t('entryDetection.resetDefaults')}
                  </Button>
                )}
              </Group>
              {canEdit && isDirty && !isSaving && (
                <Text size="sm" c="orange.8" data-testid="area-link-unsaved">
                  {t('entryDetection.unsaved')}
                </Text>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
      <UnsavedChangesPrompt when={canEdit && isDirty && !isDone} />
    </Box>
  );
}
