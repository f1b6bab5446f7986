import { Alert, Anchor, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import '@mantine/core/styles/Stepper.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { errorMessage, isApiError } from '../../lib/api-client';
import { proposalsQueryOptions, useCheckMovement, useCreateSession } from './api/new-event';
import { EventStep } from './components/event-step';
import { MovementStep, type CheckedFigures } from './components/movement-step';
import { OptionsStep } from './components/options-step';
import { ReviewStep } from './components/review-step';
import { createBody, fieldOfIssue, initialWizardValues, stepErrors, uploadKey, uploadOf, wizardSteps, type WizardValues } from './wizard';
import classes from './new-event-page.module.css';

/** New event: name and time, pairs and movement, scoring and deals, review; Create goes to the event's entries. */
export function NewEventPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [checked, setChecked] = useState<CheckedFigures | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const check = useCheckMovement();
  const create = useCreateSession();
  const form = useForm<WizardValues>({ mode: 'controlled', initialValues: initialWizardValues() });
  const values = form.getValues();

  // A changed upload must be checked again; its old figures no longer hold.
  const currentUpload = uploadKey(values);
  useEffect(() => {
    if (values.checkedUpload && values.checkedUpload !== currentUpload) {
      form.setFieldValue('checkedUpload', '');
      // eslint-disable-next-line react-hooks/set-state-in-effect -- cleared with the form's own field, which lives in Mantine's store
      setChecked(null);
    }
  }, [currentUpload, values.checkedUpload, form]);

  // The new step's heading takes the focus, so a screen reader says where the user is.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step]);

  const focusField = (field: string) => window.setTimeout(() => form.getInputNode(field as never)?.focus(), 0);

  /** Sends the upload to the server's check; its refusal goes under the field it concerns. */
  const runCheck = async (): Promise<boolean> => {
    const current = form.getValues();
    const errors = stepErrors(1, { ...current, checkedUpload: uploadKey(current) });
    const local = (['uploadText', 'uploadBoardsPerRound'] as const).filter((field) => errors[field]);
    if (local.length) {
      form.setErrors(Object.fromEntries(local.map((field) => [field, errors[field]])));
      focusField(local[0]!);
      return false;
    }
    try {
      const figures = await check.mutateAsync(uploadOf(current));
      form.setFieldValue('checkedUpload', uploadKey(current));
      form.clearFieldError('uploadText');
      setChecked(figures);
      return true;
    } catch (error) {
      const issue = isApiError(error) ? error.issues?.[0] : undefined;
      const field = issue?.path === 'boardsPerRound' ? 'uploadBoardsPerRound' : 'uploadText';
      form.setFieldError(field, issue?.message ?? errorMessage(error));
      focusField(field);
      return false;
    }
  };

  const next = async () => {
    const current = form.getValues();
    if (step === 1 && current.movementSource === 'upload' && current.checkedUpload !== uploadKey(current) && current.uploadText.trim()) {
      if (!(await runCheck())) return;
    }
    const errors = stepErrors(step, form.getValues());
    form.setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      focusField(first === 'proposalId' ? 'pairs' : first);
      return;
    }
    setStep((s) => Math.min(s + 1, wizardSteps.length - 1));
  };

  const back = () => {
    form.clearErrors();
    setStep((s) => Math.max(s - 1, 0));
  };

  const submit = async () => {
    setFormError(null);
    try {
      const { key } = await create.mutateAsync(createBody(form.getValues()));
      navigate(paths.console.directEntries.getHref(key));
    } catch (error) {
      // The values stay; the step with the refused field opens with the server's sentence under it.
      const issue = isApiError(error) ? error.issues?.[0] : undefined;
      const target = issue ? fieldOfIssue(issue.path) : { field: null, step: 3 };
      const field = target.field === 'proposalId' && form.getValues().movementSource === 'upload' ? 'uploadText' : target.field;
      if (!field) {
        setFormError(errorMessage(error));
        return;
      }
      setStep(target.step);
      form.setFieldError(field, issue?.message ?? errorMessage(error));
      focusField(field);
    }
  };

  const proposals = queryClient.getQueryData(proposalsQueryOptions(Number(values.pairs), Number(values.minutesPerBoard), true).queryKey);
  const proposal = proposals?.find((p) => p.id === values.proposalId);
  const last = step === wizardSteps.length - 1;

  return (
    <Stack gap="lg">
      <PageTitle title="New event" />
      <div>
        <Anchor component={Link} to={paths.console.direct.getHref()} size="sm">
          ← Directing
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 28 }} mt={4}>
          New event
        </Title>
      </div>
      <Stepper
        active={step}
        onStepClick={(index) => {
          if (index >= step) return;
          form.clearErrors();
          setStep(index);
        }}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
      >
        {/* Named in full: on a phone the labels are hidden and a done step shows only a tick. */}
        {wizardSteps.map((s, index) => (
          <Stepper.Step key={s.label} label={s.label} aria-label={`Step ${index + 1}: ${s.label}`} />
        ))}
      </Stepper>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (last) void submit();
          else void next();
        }}
      >
        <Stack gap="lg">
          <Title order={2} fz="lg" ref={headingRef} tabIndex={-1} className={classes.heading}>
            Step {step + 1} of {wizardSteps.length}: {wizardSteps[step]!.title}
          </Title>
          {step === 0 ? <EventStep form={form} /> : null}
          {step === 1 ? <MovementStep form={form} checked={checked} checking={check.isPending} onCheck={() => void runCheck()} /> : null}
          {step === 2 ? <OptionsStep form={form} /> : null}
          {step === 3 ? <ReviewStep values={values} proposal={proposal} checked={checked} /> : null}
          {formError ? (
            <Alert color="red" variant="light" role="alert" title="The event was not created">
              {formError}
            </Alert>
          ) : null}
          {last && values.deals === 'pbn' ? (
            <Text size="sm" c="dimmed">
              After Create, upload the PBN file of the deals on the event's entries page.
            </Text>
          ) : null}
          <Group justify="space-between" className={classes.actions}>
            <Button variant="default" onClick={back} disabled={step === 0 || create.isPending}>
              Back
            </Button>
            <Button type="submit" loading={create.isPending || check.isPending}>
              {last ? 'Create' : 'Next'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
