import { mentorTeamCreateSchema, mentorTeamResource, type ResourceDef, TEAM_MEMBER_ROLE_OPTIONS } from '@cohort/domain';
import { Badge, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { notifySuccess } from '../../../lib/notify';
import { useCreateResource } from '../../../lib/resource-api/create-resource';
import { deleteResource } from '../../../lib/resource-api/delete-resource';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { useMentors, useMentorTeam, useStudentTeamDetails, useStudentTeams } from '../api/learner-records';

const roleLabel = (role: string) => TEAM_MEMBER_ROLE_OPTIONS.find((r) => r.value === role)?.label ?? role;

/** On a learner's page: the mentors looking after them (assign, remove) and the student teams they work in. */
export function LearnerTeamsPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canRead = allowed('mentorTeam', 'read');
  const canAssign = allowed('mentorTeam', 'create');
  const canTeams = allowed('studentTeam', 'list');
  const team = useMentorTeam(id, canRead);
  const mentors = useMentors(canAssign && allowed('role', 'list'));
  const assign = useCreateResource(mentorTeamResource);
  const students = useStudentTeams(id, canTeams);
  const [mentorId, setMentorId] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState<{ id: number; mentorName: string } | null>(null);
  const [openTeam, setOpenTeam] = useState<number | null>(null);
  const details = useStudentTeamDetails(openTeam);
  if (!canRead && !canTeams) return null;

  const handleAssign = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userId: Number(id), mentorId: mentorId ? Number(mentorId) : 0, role: role ?? '' };
    const invalid = validate(mentorTeamCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    assign.mutate(payload, {
      onSuccess: () => {
        setMentorId(null);
        setRole(null);
        notifySuccess('Mentor assigned');
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {canRead && (
          <>
            <Title order={2} size="h4">
              Mentor team
            </Title>
            {team.data?.data.length === 0 && <Text c="dimmed">No mentors assigned.</Text>}
            {team.data?.data.map((m) => (
              <Group key={m.id} justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Badge color={m.role === 'manager' ? 'violet' : 'gray'}>{roleLabel(m.role)}</Badge>
                  <Text size="sm">
                    {m.mentorName}{' '}
                    <Text span c="dimmed">
                      ({m.mentorEmail})
                    </Text>
                  </Text>
                </Group>
                {canAssign && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${m.mentorName} from the mentor team`}
                    onClick={() => setRemoving(m)}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
            {canAssign && (
              <Stack gap="xs" component="form" onSubmit={handleAssign} aria-label="Assign a mentor">
                <Group grow align="flex-start">
                  {mentors.data ? (
                    <Select
                      label="Mentor"
                      searchable
                      data={mentors.data.data.map((m) => ({ value: String(m.id), label: m.name }))}
                      value={mentorId}
                      error={errors.mentorId ?? errors.userId}
                      onChange={setMentorId}
                    />
                  ) : (
                    <NumberInput
                      label="Mentor id"
                      min={1}
                      value={mentorId ?? ''}
                      error={errors.mentorId ?? errors.userId}
                      onChange={(v) => setMentorId(v === '' ? null : String(v))}
                    />
                  )}
                  <Select
                    label="Role in the team"
                    data={TEAM_MEMBER_ROLE_OPTIONS.map((r) => ({ value: r.value, label: r.label }))}
                    value={role}
                    error={errors.role}
                    onChange={setRole}
                  />
                </Group>
                <Button type="submit" w="fit-content" loading={assign.isPending}>
                  Assign mentor
                </Button>
              </Stack>
            )}
          </>
        )}
        {canTeams && (
          <>
            <Title order={2} size="h4">
              Student teams
            </Title>
            {students.data?.data.length === 0 && <Text c="dimmed">Not in a student team.</Text>}
            {students.data?.data.map((t) => (
              <Stack key={t.id} gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{t.name}</Text>
                  <Badge color={t.role === 'manager' ? 'violet' : 'gray'}>{roleLabel(t.role)}</Badge>
                  <Text size="xs" c="dimmed">
                    {t.project ? `${t.project} · ` : ''}
                    {t.memberCount} {t.memberCount === 1 ? 'member' : 'members'}
                  </Text>
                  <Button size="xs" variant="subtle" onClick={() => setOpenTeam(openTeam === t.id ? null : t.id)}>
                    {openTeam === t.id ? 'Hide members' : 'Show members'}
                  </Button>
                </Group>
                {openTeam === t.id && details.data && (
                  <Stack gap={2} pl="md">
                    {details.data.members.map((m) => (
                      <Text key={m.userId} size="sm">
                        {m.name} · {roleLabel(m.role)}
                      </Text>
                    ))}
                    {details.data.hiddenMembers > 0 && (
                      <Text size="xs" c="dimmed">
                        and {details.data.hiddenMembers} more outside your learners
                      </Text>
                    )}
                  </Stack>
                )}
              </Stack>
            ))}
          </>
        )}
      </Stack>
      <ConfirmActionModal
        opened={removing !== null}
        title="Remove this mentor?"
        confirmLabel="Remove mentor"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await deleteResource(mentorTeamResource, String(removing.id));
          await team.refetch();
          notifySuccess('Mentor removed from the team');
        }}
      >
        <Text size="sm">
          <b>{removing?.mentorName}</b> will no longer be on this learner’s mentor team.
        </Text>
      </ConfirmActionModal>
    </Paper>
  );
}
