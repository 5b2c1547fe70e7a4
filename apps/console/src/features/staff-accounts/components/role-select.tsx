import { Select, type SelectProps } from 'antd';
import { staffRoles, type StaffRole } from '@pcb/contract';
import { staffRoleNames, TOTP_REQUIRED_ROLES } from '@pcb/contract/staff-common';

/** The roles by their Chinese names; those that require an authenticator say so. */
export function RoleSelect(props: SelectProps<StaffRole[]>) {
  return (
    <Select<StaffRole[]>
      mode="multiple"
      placeholder="选择角色"
      options={staffRoles.map((role) => ({
        value: role,
        label: TOTP_REQUIRED_ROLES.includes(role)
          ? `${staffRoleNames[role]}（需动态验证码）`
          : staffRoleNames[role],
      }))}
      {...props}
    />
  );
}
