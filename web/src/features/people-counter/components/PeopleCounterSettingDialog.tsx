// The people counter setting dialog of one camera (advanced.md §2 dialogs, §3 "People counter setting", §5):
// the difference area and the entrance start and end areas drawn over the camera's picture, the analysis
// periods per day and for holidays, and the staff judgment period and admission threshold. It loads the
// camera and the saved setting (the defaults while none is saved) each time it opens, checks the form with the
// contract's rules as typed, and shows the server's reasons by field. It cannot be closed while saving
// (core.md §4). Mounted by the people counter screen; needs the analytics right (403 otherwise).
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { CameraDetail } from '@camwatch/contract/cameras';
import type { PeopleCounterSetting } from '@camwatch/contract/people-counter';
import { useQuery } from '@tanstack/react-query';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cameraDetailQueryOptions } from '../../../lib/api/camera-detail.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { fieldReasonText } from '../../../lib/server-reason.ts';
import { showToast } from '../../../lib/toast.ts';
import { usePeopleCounterSetting } from '../api/get-people-counter-setting.ts';
import { useSavePeopleCounterSetting } from '../api/save-people-counter-setting.ts';
import {
  AREA_KINDS,
  STAFF_FIELDS,
  STAFF_RANGES,
  formChanged,
  formOf,
  formProblems,
  hasProblems,
  serverErrorPlaces,
  toBody,
  type AnalysisDay,
  type AreaKind,
  type ServerErrorPlace,
  type SettingForm,
} from '../people-counter-setting-rules.ts';
import { PeopleCounterSettingAreas } from './PeopleCounterSettingAreas.tsx';
import { PeopleCounterSettingPeriods } from './PeopleCounterSettingPeriods.tsx';

export interface PeopleCounterSettingDialogProps {
  cameraCode: string;
  opened: boolean;
  onClose: () => void;
}

export function PeopleCounterSettingDialog({ cameraCode, opened, onClose }: PeopleCounterSettingDialogProps) {
  const { t } = useTranslation();
  const camera = useQuery({ ...cameraDetailQueryOptions(cameraCode), enabled: opened });
  const setting = usePeopleCounterSetting(cameraCode, opened);
  const [isSaving, setIsSaving] = useState(false);
  const error = camera.error ?? setting.error;
  const isReady = camera.isSuccess && setting.isSuccess && !setting.isFetching;

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      // Like every dialog, it cannot be closed while loading or saving (core.md §4).
      loading={isSaving || (!error && !isReady)}
      size="min(1120px, 96vw)"
      title={
        camera.data
          ? t('peopleCounterSetting.titleOf', { name: camera.data.camera_name })
          : t('peopleCounterSetting.title')
      }
    >
      {error && !(error instanceof ApiError && (error.status === 403 || error.status === 404)) ? (
        <QueryErrorState
          message={t('peopleCounterSetting.loadFailed')}
          error={error}
          onRetry={() => Promise.all([camera.refetch(), setting.refetch()])}
          isRetrying={camera.isFetching || setting.isFetching}
        />
      ) : error ? (
        <Alert color="red" role="alert" data-testid="people-counter-setting-error">
          {error instanceof ApiError && error.status === 403
            ? t('messages.noPermission')
            : t('peopleCounterSetting.notFound')}
        </Alert>
      ) : !isReady ? (
        <Center py="xl" aria-busy="true">
          <Loader aria-label={t('peopleCounterSetting.loading')} />
        </Center>
      ) : (
        // Keyed by what was loaded: each opening starts from the setting saved now.
        <SettingFormView
          key={`${cameraCode}-${setting.dataUpdatedAt}`}
          camera={camera.data}
          saved={setting.data.setting}
          isSaved={setting.data.saved}
          onSavingChange={setIsSaving}
          onClose={onClose}
        />
      )}
    </AppDialog>
  );
}

interface SettingFormViewProps {
  camera: CameraDetail;
  saved: PeopleCounterSetting;
  isSaved: boolean;
  onSavingChange: (isSaving: boolean) => void;
  onClose: () => void;
}

function SettingFormView({ camera, saved, isSaved, onSavingChange, onClose }: SettingFormViewProps) {
  const { t } = useTranslation();
  const save = useSavePeopleCounterSetting(camera.camera_code);
  const [baseline] = useState<SettingForm>(() => formOf(saved));
  const [form, setForm] = useState<SettingForm>(baseline);
  const [kind, setKind] = useState<AreaKind>(() =>
    saved.entranceStartArea ? 'differenceArea' : 'entranceStartArea',
  );
  const [wasTried, setWasTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ServerErrorPlace, string>>>({});
  const [isForbidden, setIsForbidden] = useState(false);
  const isSaving = save.isPending;

  const problems = formProblems(form);
  // A missing entrance area is said once saving is tried, not while the user has not begun.
  const areaProblems = Object.fromEntries(
    AREA_KINDS.map((k) => [k, problems.areas[k] === 'missing' && !wasTried ? null : problems.areas[k]]),
  ) as Record<AreaKind, (typeof problems.areas)[AreaKind]>;
  const isDirty = !isSaved || formChanged(form, baseline);

  const edit = (change: (current: SettingForm) => SettingForm) => {
    setForm(change);
    setServerErrors({});
    setIsForbidden(false);
  };

  const submit = async () => {
    setWasTried(true);
    const body = toBody(form);
    if (!body) return;
    setServerErrors({});
    setIsForbidden(false);
    onSavingChange(true);
    try {
      await save.mutateAsync(body);
      showToast({ color: 'green', message: t('peopleCounterSetting.saved') });
      onSavingChange(false);
      onClose();
    } catch (error) {
      onSavingChange(false);
      if (!(error instanceof ApiError)) return; // no answer: the common error message is shown
      if (error.status === 400) {
        const body = error.body as { errors?: Record<string, string[]> } | null;
        const places = serverErrorPlaces(Object.keys(body?.errors ?? {}));
        setServerErrors(
          Object.fromEntries(
            Object.entries(places).map(([place, field]) => [
              place,
              fieldReasonText(error, field, {
                overlapping: place.startsWith('day.')
                  ? 'peopleCounterSetting.periodProblems.overlapping'
                  : 'peopleCounterSetting.areaProblems.overlapping',
                bad_range: 'peopleCounterSetting.periodProblems.bad_range',
              }),
            ]),
          ),
        );
      } else if (error.status === 403) setIsForbidden(true);
      else if (error.status < 500) showToast({ color: 'red', message: t('peopleCounterSetting.saveFailed') });
    }
  };

  const dayErrors = Object.fromEntries(
    Object.entries(serverErrors)
      .filter(([place]) => place.startsWith('day.'))
      .map(([place, text]) => [place.slice(4), text]),
  ) as Partial<Record<AnalysisDay, string>>;
  const staffMessage = (field: (typeof STAFF_FIELDS)[number]) => {
    const range = STAFF_RANGES[field];
    switch (problems.staff[field]) {
      case 'required':
        return t('peopleCounterSetting.staffProblems.required');
      case 'integer':
        return t('peopleCounterSetting.staffProblems.integer');
      case 'range':
        return t('peopleCounterSetting.staffProblems.range', range);
      case 'above_judgment':
        return t('peopleCounterSetting.staffProblems.above_judgment');
      default:
        return serverErrors[field];
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-label={t('peopleCounterSetting.title')}
    >
      <Stack gap="lg">
        {!isSaved && (
          <Alert color="blue" p="xs" data-testid="people-counter-not-saved">
            {t('peopleCounterSetting.notSavedNote')}
          </Alert>
        )}
        <section aria-labelledby="people-counter-areas-title">
          <Title order={3} size="h5" mb="xs" id="people-counter-areas-title">
            {t('peopleCounterSetting.areasTitle')}
          </Title>
          <PeopleCounterSettingAreas
            camera={camera}
            areas={form.areas}
            kind={kind}
            onKindChange={setKind}
            onChange={(k, points) =>
              edit((current) => ({ ...current, areas: { ...current.areas, [k]: points } }))
            }
            problems={areaProblems}
            serverErrors={serverErrors}
            disabled={isSaving}
          />
        </section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <section aria-labelledby="people-counter-periods-title">
            <Title order={3} size="h5" mb={4} id="people-counter-periods-title">
              {t('peopleCounterSetting.periodsTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t('peopleCounterSetting.periodsHelp')}
            </Text>
            <PeopleCounterSettingPeriods
              periods={form.periods}
              onChange={(day, periods) =>
                edit((current) => ({ ...current, periods: { ...current.periods, [day]: periods } }))
              }
              times={problems.times}
              days={problems.days}
              serverErrors={dayErrors}
              disabled={isSaving}
            />
          </section>
          <section aria-labelledby="people-counter-staff-title">
            <Title order={3} size="h5" mb={4} id="people-counter-staff-title">
              {t('peopleCounterSetting.staffTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t('peopleCounterSetting.staffHelp')}
            </Text>
            <Stack gap="md">
              {STAFF_FIELDS.map((field) => {
                const range = STAFF_RANGES[field];
                return (
                  <NumberInput
                    key={field}
                    label={t(`peopleCounterSetting.staff.${field}`)}
                    description={t('peopleCounterSetting.staffRange', range)}
                    suffix={t('peopleCounterSetting.daysSuffix')}
                    value={form.staff[field]}
                    onChange={(value) =>
                      edit((current) => ({ ...current, staff: { ...current.staff, [field]: value } }))
                    }
                    min={range.min}
                    max={range.max}
                    step={1}
                    clampBehavior="none"
                    allowNegative={false}
                    allowDecimal={false}
                    required
                    disabled={isSaving}
                    error={staffMessage(field)}
                    maw={260}
                  />
                );
              })}
            </Stack>
          </section>
        </SimpleGrid>
        {serverErrors.form && (
          <Alert color="red" role="alert" p="xs">
            {serverErrors.form}
          </Alert>
        )}
        {isForbidden && (
          <Alert color="red" role="alert" p="xs">
            {t('messages.noPermission')}
          </Alert>
        )}
        {wasTried && hasProblems(problems) && (
          <Text size="sm" c="red.7" role="status" data-testid="people-counter-form-problems">
            {t('peopleCounterSetting.fixProblems')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={isSaving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSaving} disabled={!isDirty}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
