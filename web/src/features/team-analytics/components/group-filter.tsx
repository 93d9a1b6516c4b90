import { useId, useState } from 'react';
import { useTeamGroups } from '../api/get-groups';
import './group-filter.css';

/**
 * Narrows the athlete selection to one of the coach's groups ("Varsity"). Choosing a
 * group selects its athletes; the picker still adjusts the selection afterwards.
 */
export function GroupFilter({ onChoose }: { onChoose: (athleteIds: string[] | null) => void }) {
  const groups = useTeamGroups();
  const [value, setValue] = useState('');
  const id = useId();
  const list = groups.data?.data ?? [];
  if (list.length === 0) return null;

  const choose = (groupId: string) => {
    setValue(groupId);
    const group = list.find((g) => g.id === groupId);
    onChoose(group ? group.members.filter((m) => m.linked).map((m) => m.id) : null);
  };

  return (
    <div className="team-group-filter">
      <label htmlFor={id}>Group</label>
      <select id={id} className="input" value={value} onChange={(e) => choose(e.target.value)}>
        <option value="">All athletes</option>
        {list.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}
