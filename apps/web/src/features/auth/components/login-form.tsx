import type { LoginResult } from '@cohort/domain';
import { loginSchema } from '@cohort/domain';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { useLogin } from '../api/login';

type Props = { onResult: (result: LoginResult) => void };

export function LoginForm({ onResult }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const loginMutation = useLogin();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { email: email.trim(), password };
    const invalid = validate(loginSchema, input);
    setErrors(invalid ?? {});
    if (invalid) return;
    loginMutation.mutate(input, {
      onSuccess: onResult,
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          // Mantine's default "Toggle password visibility" would also match getByLabel('Password').
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={loginMutation.isPending} fullWidth>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
