import { useContractForm } from '@clinic/client/contract-form';
import { FailedCode, clinicianTitles, emailField, rules, signUpForm, type SignUpRequest } from '@clinic/contract';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  List,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useSignUp } from '../api/sign-up.ts';
import { useValidUserEmail } from '../api/valid-user-email.ts';
import { AgreementField, type AgreementKind } from './agreement-field.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { SignUpSuccess } from './sign-up-success.tsx';

interface SignUpValues {
  userId: string;
  firstName: string;
  lastName: string;
  userEmail: string;
  userPassword: string;
  userPasswordConfirm: string;
  title: string;
  npiNumber: string;
  signatureImage: string;
  certificationCode: string;
  agreeTerms: boolean;
  agreePrivacy: boolean;
  agreePersonalInfo: boolean;
  agreeProvider: boolean;
}

const initialValues: SignUpValues = {
  userId: '',
  firstName: '',
  lastName: '',
  userEmail: '',
  userPassword: '',
  userPasswordConfirm: '',
  title: '',
  npiNumber: '',
  signatureImage: '',
  certificationCode: '',
  agreeTerms: false,
  agreePrivacy: false,
  agreePersonalInfo: false,
  agreeProvider: false,
};

const requiredFields = [
  'userId',
  'firstName',
  'lastName',
  'userEmail',
  'userPassword',
  'userPasswordConfirm',
  'title',
  'npiNumber',
  'signatureImage',
] as const satisfies readonly (keyof SignUpValues)[];

const agreements: readonly { kind: AgreementKind; field: keyof SignUpValues & `agree${string}` }[] = [
  { kind: 'terms', field: 'agreeTerms' },
  { kind: 'privacy', field: 'agreePrivacy' },
  { kind: 'personalInfo', field: 'agreePersonalInfo' },
  { kind: 'provider', field: 'agreeProvider' },
];

type EmailCheck = { state: 'idle' } | { state: 'available'; email: string } | { state: 'taken' };

/** Sign-up of SPEC 2 "Login area", validated with the contract's signUpForm. */
export function SignUpForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const location = useLocation();
  const [topErrors, setTopErrors] = useState<string[]>([]);
  const [emailCheck, setEmailCheck] = useState<EmailCheck>({ state: 'idle' });
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const signUp = useSignUp();
  const validEmail = useValidUserEmail();
  const form = useContractForm({
    initialValues,
    schema: signUpForm,
    toRequest: (values) => ({
      ...values,
      title: values.title === '' ? undefined : values.title,
      certificationCode: values.certificationCode.trim() === '' ? undefined : values.certificationCode,
    }),
    send: ({ userPasswordConfirm: _confirm, ...request }) => signUp.mutateAsync(request satisfies SignUpRequest),
    onReply: (reply, form, request) => {
      if (reply.isSuccess) {
        setRegisteredEmail(reply.userEmail || request.userEmail);
        return;
      }
      setTopErrors([reply.failedCode]);
      if (reply.failedCode === FailedCode.UserIdExists) form.setErrors({ userId: reply.failedCode });
      if (reply.failedCode === FailedCode.EmailExists) form.setErrors({ userEmail: reply.failedCode });
    },
  });
  const { values, errors } = form;

  if (registeredEmail) return <SignUpSuccess email={registeredEmail} />;

  const setText = (field: keyof SignUpValues) => (event: FormEvent<HTMLInputElement | HTMLSelectElement>) => {
    form.setValue(field, event.currentTarget.value);
    setTopErrors([]);
    if (field === 'userEmail') setEmailCheck({ state: 'idle' });
  };

  const checkEmail = async (): Promise<void> => {
    const parsed = emailField.safeParse(values.userEmail);
    if (!parsed.success) {
      form.setErrors({ ...errors, userEmail: parsed.error.issues[0]?.message ?? 'validation.invalid' });
      return;
    }
    try {
      const reply = await validEmail.mutateAsync(parsed.data);
      if (reply.isSuccess) {
        setEmailCheck({ state: 'available', email: parsed.data });
      } else {
        setEmailCheck({ state: 'taken' });
        form.setErrors({ ...errors, userEmail: reply.failedCode });
      }
    } catch {
      setEmailCheck({ state: 'idle' });
    }
  };

  /** What the alert above the form lists: fields left empty and agreements not given. */
  const missing = (): string[] => [
    ...(requiredFields.some((field) => values[field].trim() === '') ? [FailedCode.FillInEverything] : []),
    ...(agreements.some(({ field }) => !values[field]) ? [FailedCode.TermsNotAgreed] : []),
  ];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setTopErrors(missing());
        form.onSubmit(event);
      }}
      aria-labelledby="sign-up-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} id="sign-up-title">
            {t('signUp.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('signUp.intro')}
          </Text>
        </div>

        {topErrors.length > 0 && (
          <Alert color="red" role="alert" title={t('signUp.checkForm')}>
            <List size="sm">
              {topErrors.map((code) => (
                <List.Item key={code}>{message(code)}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <TextInput
          label={t('signUp.userId')}
          description={t('signUp.userIdHint', { min: rules.userIdMin, max: rules.userIdMax })}
          autoComplete="username"
          value={values.userId}
          onChange={setText('userId')}
          error={message(errors.userId)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('signUp.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={setText('firstName')}
            error={message(errors.firstName)}
          />
          <TextInput
            label={t('signUp.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={setText('lastName')}
            error={message(errors.lastName)}
          />
        </SimpleGrid>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            type="email"
            label={t('signUp.email')}
            autoComplete="email"
            value={values.userEmail}
            onChange={setText('userEmail')}
            error={message(errors.userEmail)}
            description={emailCheck.state === 'available' ? t('signUp.emailAvailable') : undefined}
          />
          <Button
            mt={25}
            variant="light"
            loading={validEmail.isPending}
            onClick={() => void checkEmail()}
            aria-label={t('signUp.checkEmailNamed')}
          >
            {t('signUp.checkEmail')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label={t('signUp.password')}
            description={t('signUp.passwordHint', { min: rules.passwordMin, max: rules.passwordMax })}
            autoComplete="new-password"
            value={values.userPassword}
            onChange={setText('userPassword')}
            error={message(errors.userPassword)}
          />
          <PasswordInput
            label={t('signUp.passwordConfirm')}
            autoComplete="new-password"
            value={values.userPasswordConfirm}
            onChange={setText('userPasswordConfirm')}
            error={message(errors.userPasswordConfirm)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('signUp.clinicianTitle')}
            value={values.title}
            onChange={setText('title')}
            error={message(errors.title)}
            data={[
              { value: '', label: t('signUp.chooseTitle') },
              ...clinicianTitles.map((title) => ({ value: title, label: t(`titles.${title}`) })),
            ]}
          />
          <TextInput
            label={t('signUp.npi')}
            description={t('signUp.npiHint')}
            inputMode="numeric"
            maxLength={10}
            value={values.npiNumber}
            onChange={setText('npiNumber')}
            error={message(errors.npiNumber)}
          />
        </SimpleGrid>
        <SignaturePad
          value={values.signatureImage}
          onChange={(dataUrl) => {
            form.setValue('signatureImage', dataUrl);
            setTopErrors([]);
          }}
          error={message(errors.signatureImage)}
        />
        <TextInput
          label={t('signUp.certificationCode')}
          description={t('signUp.certificationCodeHint')}
          maxLength={rules.certificationCodeMax}
          value={values.certificationCode}
          onChange={setText('certificationCode')}
          error={message(errors.certificationCode)}
        />

        <Divider label={t('agreements.heading')} labelPosition="left" />
        <Stack gap="xs">
          {agreements.map(({ kind, field }) => (
            <AgreementField
              key={kind}
              kind={kind}
              checked={values[field]}
              onChange={(checked) => {
                form.setValue(field, checked);
                setTopErrors([]);
              }}
              error={message(errors[field])}
            />
          ))}
        </Stack>

        <Button type="submit" size="md" loading={signUp.isPending}>
          {t('signUp.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signUp.haveAccount')}{' '}
          <Anchor component={Link} to={withLangQuery(paths.login, location.search)}>
            {t('signUp.backToLogin')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
