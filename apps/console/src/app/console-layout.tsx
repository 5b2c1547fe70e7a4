import { Suspense, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { App, Avatar, Breadcrumb, Button, Dropdown, Layout, Menu, Space, Spin, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { StaffAuth } from '@pcb/contract/staff-auth';
import { staffRoleNames, type StaffProfile } from '@pcb/contract/staff-common';
import { ApiError } from '@pcb/client';
import { endpointQueryOptions, useEndpointMutation } from '../lib/api';
import { confirmLeave } from '../lib/leave-guard';
import { paths } from '../lib/paths';
import { endSession, useStaff } from '../lib/staff-session';
import { canOpen, menuGroups, routeForPath, routeRows, type ConsoleRoute } from './route-table';
import { ForbiddenPage } from './status-pages';

/**
 * The menu rows this staff member's roles open. A row with a probe shows once its endpoint
 * has answered: the SMS outbox answers 404 in production.
 */
function useMenuRows(staff: StaffProfile): ConsoleRoute[] {
  const rows = routeRows.filter((row) => row.menu && canOpen(row, staff.roles));
  const probed = rows.filter((row) => row.menu?.probe);
  const probes = useQueries({
    queries: probed.map((row) => ({
      ...endpointQueryOptions(row.menu!.probe!, {}),
      retry: false,
      staleTime: Infinity,
    })),
  });
  const hidden = new Set(probed.filter((_row, i) => !probes[i]?.isSuccess));
  return rows.filter((row) => !hidden.has(row));
}

function StaffMenu({ staff }: { staff: StaffProfile }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const logout = useEndpointMutation(StaffAuth.Logout, { invalidates: [] });

  const onLogout = () =>
    logout.mutate(
      {},
      {
        onSuccess: () => endSession(),
        onError: (error) => {
          // Already gone on the server: the client forgets it too.
          if (error instanceof ApiError && error.status === 401) endSession();
          else void message.error(error.message);
        },
      },
    );

  const items: MenuProps['items'] = [
    { key: 'account', icon: <UserOutlined />, label: '我的账号（修改密码）' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  return (
    <Space size="middle">
      <Space size={4} wrap={false}>
        {staff.roles.map((role) => (
          <Tag key={role} color="blue" variant="filled">
            {staffRoleNames[role]}
          </Tag>
        ))}
      </Space>
      <Dropdown
        menu={{
          items,
          onClick: ({ key }) => {
            if (!confirmLeave()) return;
            if (key === 'logout') onLogout();
            else void navigate(paths.account);
          },
        }}
        trigger={['click']}
      >
        <Button type="text" loading={logout.isPending} aria-label={`${staff.realName} 账号菜单`}>
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{staff.realName}</span>
        </Button>
      </Dropdown>
    </Space>
  );
}

type MenuItem = NonNullable<MenuProps['items']>[number];
const groupKey = (group: string) => `group:${group}`;

/** The menu's items in the route table's order; a group's rows in one submenu where its first is. */
function menuItemsOf(rows: ConsoleRoute[]): MenuItem[] {
  const items: MenuItem[] = [];
  const groups = new Map<string, MenuItem[]>();
  for (const row of rows) {
    const item: MenuItem = {
      key: row.path,
      icon: row.menu?.icon,
      label: (
        <Link to={row.path} onClick={(event) => !confirmLeave() && event.preventDefault()}>
          {row.title}
        </Link>
      ),
    };
    const group = row.menu?.group;
    if (!group) {
      items.push(item);
      continue;
    }
    let children = groups.get(group);
    if (!children) {
      children = [];
      groups.set(group, children);
      items.push({ key: groupKey(group), ...menuGroups[group], children });
    }
    children.push(item);
  }
  return items;
}

/**
 * The console's chrome: the side menu (the rows this staff member's roles open), the header
 * with who is logged in and the logout, and the screen — or the 403 page when the roles do
 * not open it.
 */
export default function ConsoleLayout() {
  const staff = useStaff();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const route = routeForPath(location.pathname);
  const menuRows = useMenuRows(staff);
  const menuItems = menuItemsOf(menuRows);
  // The group of the screen on show opens, however the screen was reached (a link on the home).
  const shownGroup = route?.menu?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(shownGroup ? [groupKey(shownGroup)] : []);
  const [openedFor, setOpenedFor] = useState(shownGroup);
  if (shownGroup !== openedFor) {
    setOpenedFor(shownGroup);
    if (shownGroup && !openKeys.includes(groupKey(shownGroup))) {
      setOpenKeys([...openKeys, groupKey(shownGroup)]);
    }
  }

  return (
    <Layout className="console-shell">
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={208}
        theme="dark"
      >
        <div className="console-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
          {!collapsed && <span>员工后台</span>}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={menuItems}
          selectedKeys={route ? [route.path] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          aria-label="主菜单"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Breadcrumb
            items={[
              {
                title: (
                  <Link
                    to={paths.home}
                    onClick={(event) => !confirmLeave() && event.preventDefault()}
                  >
                    员工后台
                  </Link>
                ),
              },
              ...(route && route.path !== paths.home ? [{ title: route.title }] : []),
            ]}
          />
          <StaffMenu staff={staff} />
        </Layout.Header>
        <Layout.Content className="console-content">
          {route && !canOpen(route, staff.roles) ? (
            <ForbiddenPage />
          ) : (
            <Suspense
              fallback={
                <div className="console-loading">
                  <Spin />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
