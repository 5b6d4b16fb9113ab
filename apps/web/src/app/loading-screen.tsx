import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** Spec §1: about 21 motivational quotes, one chosen at random and never displayed. */
export const MOTIVATIONAL_QUOTES = [
  'The expert in anything was once a beginner.',
  'Code is like humor. When you have to explain it, it is bad.',
  'First, solve the problem. Then, write the code.',
  'Every great developer you know got there by solving problems they were unqualified to solve.',
  'Small daily improvements are the key to staggering long-term results.',
  'It always seems impossible until it is done.',
  'Do not watch the clock; do what it does. Keep going.',
  'Learning never exhausts the mind.',
  'The only way to learn a new programming language is by writing programs in it.',
  'Success is the sum of small efforts, repeated day in and day out.',
  'Believe you can and you are halfway there.',
  'Make it work, make it right, make it fast.',
  'Simplicity is the soul of efficiency.',
  'Your career is a marathon, not a sprint.',
  'Mistakes are proof that you are trying.',
  'Dream big. Start small. Act now.',
  'The best time to start was yesterday. The next best time is now.',
  'Discipline is choosing between what you want now and what you want most.',
  'Hard work beats talent when talent does not work hard.',
  'A year from now you will wish you had started today.',
  'Great things never come from comfort zones.',
] as const;

export function pickQuote(random: () => number = Math.random): string {
  return MOTIVATIONAL_QUOTES[Math.floor(random() * MOTIVATIONAL_QUOTES.length)] ?? MOTIVATIONAL_QUOTES[0];
}

/** Full-page loading screen with an animated loader (spec §1). */
export function LoadingScreen() {
  // Chosen once per mount as the original does; deliberately not rendered (spec §1).
  useState(pickQuote);
  return (
    <Center h="100dvh" w="100%">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="xl" type="bars" />
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </Stack>
    </Center>
  );
}
