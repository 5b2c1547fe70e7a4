import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { maskMobile } from '@pcb/contract';
import { MemberRelationApprove, type Relation } from '@pcb/contract/member-relation';
import { useIsLoggedIn } from '../../../lib/auth-session';
import { paths } from '../../../lib/paths';
import { useRelationContext } from '../../../lib/relation-context';
import { setReturnUrl } from '../../../lib/storage';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { CheckCircleIcon, UsersIcon } from '../../../components/icons';
import { MobileField } from '../../../components/mobile-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { SubmitButton } from '../../../components/form/submit-button';
import { useRelationList } from '../api/get-relation-list';
import { useApplyRelation } from '../api/apply-relation';
import { useApproveRelation } from '../api/approve-relation';
import { useRejectRelation } from '../api/reject-relation';
import { useDeleteRelation } from '../api/delete-relation';
import { memberDetails } from '../member-details';
import '../relations.css';

type Side = 'related' | 'main';

const statusLabels: Record<Side, Record<Relation['status'], string>> = {
  related: { pending: '待对方同意', approved: '已关联', rejected: '已拒绝' },
  main: { pending: '待我确认', approved: '已关联', rejected: '已拒绝' },
};

function removeQuestion(side: Side, relation: Relation): string {
  const name = relation.member.displayName;
  if (relation.status === 'approved') {
    return side === 'related'
      ? `解除后您将不能再切换到「${name}」的账号，确定解除吗？`
      : `解除后「${name}」将不能再切换到您的账号，确定解除吗？`;
  }
  if (relation.status === 'pending') return `确定撤回对「${name}」的关联邀请吗？`;
  return '确定删除这条关联记录吗？';
}

function RelationRow({ side, relation }: { side: Side; relation: Relation }) {
  const approve = useApproveRelation();
  const reject = useRejectRelation();
  const remove = useDeleteRelation();
  const busy = approve.isPending || reject.isPending || remove.isPending;
  const { member, status } = relation;

  const act = async (run: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await run();
      showSuccess(done);
    } catch (error) {
      showFail(errorMessage(error, failed));
    }
  };

  const onApprove = async () => {
    const confirmed = await confirmDialog({
      content: `同意后，「${member.displayName}」可以切换到您的账号下单、查看订单。`,
      confirmText: '同意',
    });
    if (confirmed) await act(() => approve.mutateAsync(relation.id), '已同意关联', '操作失败');
  };
  const onRemove = async () => {
    const confirmed = await confirmDialog({
      content: removeQuestion(side, relation),
      confirmText: '解除',
    });
    if (confirmed) await act(() => remove.mutateAsync(relation.id), '已解除关联', '解除失败');
  };

  let actions: ReactNode;
  if (side === 'main' && status === 'pending') {
    actions = (
      <>
        <Button
          size="mini"
          shape="rounded"
          disabled={busy}
          onClick={() => void act(() => reject.mutateAsync(relation.id), '已拒绝', '操作失败')}
          data-testid="relation-reject"
        >
          拒绝
        </Button>
        <Button
          size="mini"
          shape="rounded"
          color="primary"
          disabled={busy}
          onClick={() => void onApprove()}
          data-testid="relation-approve"
        >
          同意
        </Button>
      </>
    );
  } else {
    actions = (
      <Button
        size="mini"
        shape="rounded"
        fill="outline"
        disabled={busy}
        onClick={() => void onRemove()}
        data-testid="relation-remove"
      >
        解除
      </Button>
    );
  }

  return (
    <li
      className="relation-item"
      data-testid={side === 'related' ? 'related-account' : 'main-account'}
      data-relation-id={relation.id}
      data-status={status}
    >
      <div className="relation-body">
        <div className="relation-name-row">
          <span className="relation-name">{member.displayName}</span>
          <span
            className={`relation-status relation-status-${status}`}
            data-testid="relation-status"
          >
            {statusLabels[side][status]}
          </span>
        </div>
        <div className="relation-meta">{memberDetails(member)}</div>
      </div>
      <div className="relation-actions">{actions}</div>
    </li>
  );
}

function RelationSection({
  title,
  side,
  relations,
  empty,
}: {
  title: string;
  side: Side;
  relations: Relation[];
  empty: string;
}) {
  return (
    <section className="relation-card" aria-label={title}>
      <h2 className="relation-card-title">
        {title}
        {relations.length > 0 && <span className="relation-count">{relations.length}</span>}
      </h2>
      {relations.length === 0 ? (
        <div className="relation-empty" data-testid={`${side}-empty`}>
          {empty}
        </div>
      ) : (
        <ul className="relation-list">
          {relations.map((relation) => (
            <RelationRow key={relation.id} side={side} relation={relation} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Inviting a colleague by mobile. The server answers the same whether the number is registered
 * or not, and so does this form: it never tells whether a number has an account.
 */
function InviteForm() {
  const [invited, setInvited] = useState<string | null>(null);
  const apply = useApplyRelation();
  const form = useContractForm({
    schema: MemberRelationApprove.Apply.input,
    defaultValues: { mobile: '' },
    failMessage: '邀请失败，请稍后重试',
    submit: async ({ mobile }) => {
      await apply.mutateAsync(mobile);
      form.setValue('mobile', '');
      setInvited(mobile);
      showSuccess('邀请已发出');
    },
  });

  return (
    <form className="relation-card" onSubmit={form.onSubmit} noValidate>
      <h2 className="relation-card-title">邀请关联</h2>
      <p className="relation-hint relation-hint-lead">
        输入同事注册会员时使用的手机号。对方同意后，您可以在「会员设置」中切换到对方账号。
      </p>
      <MobileField
        form={form}
        name="mobile"
        id="relation-invite-mobile"
        label="手机号"
        placeholder="请输入对方的11位手机号"
      />
      <div className="relation-submit">
        <SubmitButton
          form={form}
          size="middle"
          loadingText="发送中"
          testId="relation-invite-submit"
        >
          发送邀请
        </SubmitButton>
      </div>
      {invited && (
        <div className="relation-sent" role="status" data-testid="relation-invite-sent">
          <CheckCircleIcon className="relation-sent-icon" />
          <div>
            邀请已发出：如 {maskMobile(invited)}{' '}
            已注册会员中心，对方将收到短信通知，同意后即可关联。
          </div>
        </div>
      )}
    </form>
  );
}

function LoggedOut() {
  const navigate = useNavigate();
  return (
    <section className="relation-card relation-intro" data-testid="associated-logged-out">
      <UsersIcon className="relation-intro-icon" />
      <h2 className="relation-intro-title">关联账号，一个账号管理多个</h2>
      <p className="relation-intro-text">
        公司里的同事各自注册了会员？主账号向同事发出关联邀请，对方同意后，主账号即可切换到对方账号代为下单、查看订单和物流，双方可随时解除关联。
      </p>
      <p className="relation-intro-text">登录后即可查看和管理您的关联账号。</p>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => {
          setReturnUrl(paths.associatedAccount);
          void navigate(paths.login);
        }}
        data-testid="associated-login"
      >
        登录后管理
      </Button>
      <div className="relation-intro-links">
        还没有账号？
        <Link to={paths.register} className="tap-target">
          立即注册
        </Link>
      </div>
    </section>
  );
}

function Relations() {
  const list = useRelationList();
  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <PageError
        message={errorMessage(list.error, '关联账号加载失败')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <>
      <RelationSection
        title="我关联的账号"
        side="related"
        relations={list.data.related}
        empty="还没有关联账号，在上方输入同事的手机号发送邀请"
      />
      <RelationSection
        title="请求关联我的主账号"
        side="main"
        relations={list.data.mainMembers}
        empty="暂无关联请求"
      />
    </>
  );
}

/**
 * /associatedAccount (public): logged out, what relations are and a way to log in and come
 * back; logged in, my related accounts, the main members who asked for me, and an invite.
 */
export function AssociatedAccountPage({ switchedBanner }: { switchedBanner?: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const context = useRelationContext();

  let body: ReactNode;
  if (!loggedIn) body = <LoggedOut />;
  else if (context.isPending) body = <PageLoading />;
  else if (context.isError) {
    body = (
      <PageError
        message={errorMessage(context.error, '加载失败')}
        onRetry={() => void context.refetch()}
      />
    );
  } else if (context.data.isSwitched) {
    body = (
      <>
        {switchedBanner}
        <section className="relation-card relation-empty" data-testid="associated-switched">
          关联账号的管理仅限账号本人操作，请切回主账号后再试。
        </section>
      </>
    );
  } else {
    body = (
      <>
        <InviteForm />
        <Relations />
      </>
    );
  }

  return (
    <div className="relation-page" data-testid="associated-page">
      <PageHeader>关联账号</PageHeader>
      {body}
    </div>
  );
}
