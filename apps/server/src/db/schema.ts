export * from '../modules/member/member.table';
export * from '../modules/member/account-manager.table';
export * from '../modules/announcement/announcement.table';
export * from '../modules/visit/visit.table';
export * from '../integrations/store/store.table';
export * from '../integrations/sms/sms-outbox.table';
