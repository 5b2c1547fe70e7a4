import { Button, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

const home = (
  <Link to={paths.home}>
    <Button type="primary">返回工作台</Button>
  </Link>
);

export function ForbiddenPage() {
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle="你的角色不能使用这个页面；如需开通，请联系管理员。"
      extra={home}
    />
  );
}

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="请检查地址，或从左侧菜单进入。"
      extra={home}
    />
  );
}

/** While the session or a screen's code loads. */
export function FullScreenSpin() {
  return (
    <main className="console-fullscreen">
      <Spin size="large" />
    </main>
  );
}
