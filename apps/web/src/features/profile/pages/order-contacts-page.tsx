import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { maskMobile } from '@pcb/contract';
import {
  contactUserTypeNames,
  contactUserTypes,
  type MemberContact,
} from '@pcb/contract/member-contact';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useContacts } from '../api/get-contacts';
import { useDeleteContact } from '../api/delete-contact';
import { useSetMainContact } from '../api/set-main-contact';
import '../profile.css';

export const contactEditPath = (id: number) => `${paths.addOrderContact}?id=${id}`;

function ContactCard({ contact }: { contact: MemberContact }) {
  const navigate = useNavigate();
  const setMain = useSetMainContact();
  const remove = useDeleteContact();
  const typeName = contactUserTypeNames[contact.userType];

  const makeMain = async () => {
    try {
      await setMain.mutateAsync(contact.id);
      showSuccess(`已设为${typeName}主联系人`);
    } catch (error) {
      showFail(errorMessage(error));
    }
  };
  const confirmDelete = async () => {
    const confirmed = await confirmDialog({
      content: contact.isMain
        ? `删除${typeName}主联系人「${contact.contactName}」？同类型最早添加的联系人将成为主联系人。`
        : `删除联系人「${contact.contactName}」？`,
      confirmText: '删除',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(contact.id);
      showSuccess('联系人已删除');
    } catch (error) {
      showFail(errorMessage(error));
    }
  };

  const extras = [
    contact.email && `邮箱 ${contact.email}`,
    contact.qq && `QQ ${contact.qq}`,
    contact.wechat && `微信 ${contact.wechat}`,
  ].filter(Boolean);
  return (
    <section className="contact-card" data-testid={`contact-${contact.id}`}>
      <div className="contact-head">
        <span className="contact-name">{contact.contactName}</span>
        {contact.isMain && (
          <span className="contact-main-tag" data-testid={`contact-${contact.id}-main`}>
            主联系人
          </span>
        )}
      </div>
      <div className="contact-detail">手机 {maskMobile(contact.mobile)}</div>
      {extras.length > 0 && <div className="contact-detail">{extras.join(' · ')}</div>}
      <div className="contact-actions">
        {!contact.isMain && (
          <Button
            fill="none"
            color="primary"
            loading={setMain.isPending}
            onClick={() => void makeMain()}
            data-testid={`contact-${contact.id}-set-main`}
          >
            设为主联系人
          </Button>
        )}
        <Button
          fill="none"
          onClick={() => void navigate(contactEditPath(contact.id))}
          data-testid={`contact-${contact.id}-edit`}
        >
          编辑
        </Button>
        <Button
          fill="none"
          color="danger"
          loading={remove.isPending}
          onClick={() => void confirmDelete()}
          data-testid={`contact-${contact.id}-delete`}
        >
          删除
        </Button>
      </div>
    </section>
  );
}

function ContactGroups({ contacts }: { contacts: MemberContact[] }) {
  return (
    <>
      {contactUserTypes.map((type) => {
        const ofType = contacts.filter((c) => c.userType === type);
        if (ofType.length === 0) return null;
        return (
          <div key={type} data-testid={`contact-group-${type}`}>
            <h2 className="contact-group-title">{contactUserTypeNames[type]}联系人</h2>
            {ofType.map((c) => (
              <ContactCard key={c.id} contact={c} />
            ))}
          </div>
        );
      })}
    </>
  );
}

/** /userInfo/editOrderContact: the order contacts by type; set main, edit, delete, add. */
export function OrderContactsPage() {
  const navigate = useNavigate();
  const contacts = useContacts();
  let body;
  if (contacts.isPending) body = <PageLoading />;
  else if (contacts.isError)
    body = (
      <PageError
        message={errorMessage(contacts.error, '联系人加载失败')}
        onRetry={() => void contacts.refetch()}
      />
    );
  else if (contacts.data.length === 0)
    body = <PageEmpty text="还没有订单联系人，添加后工厂会按类型联系对应的人" />;
  else body = <ContactGroups contacts={contacts.data} />;
  return (
    <div className="profile-page" data-testid="order-contacts-page">
      <PageHeader>订单联系人</PageHeader>
      {body}
      <div className="profile-footer-bar">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          onClick={() => void navigate(paths.addOrderContact)}
          data-testid="order-contacts-add"
        >
          新增联系人
        </Button>
      </div>
    </div>
  );
}
