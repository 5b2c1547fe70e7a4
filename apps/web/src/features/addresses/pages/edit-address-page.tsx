import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Input, Switch } from 'antd-mobile';
import type { Region } from '@pcb/contract/city-class';
import {
  MemberReceiver,
  RECEIVER_ADDRESS_MAX,
  RECEIVER_COMPANY_MAX,
  RECEIVER_NAME_MAX,
  type Receiver,
  type ReceiverInput,
} from '@pcb/contract/member-receiver';
import { PageHeader } from '../../../components/page-header';
import { PageError } from '../../../components/page-status';
import { FormField } from '../../../components/form-field';
import { MobileField } from '../../../components/mobile-field';
import { errorMessage, showSuccess } from '../../../components/feedback';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useFormField, type FieldHost } from '../../../components/form/use-form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { paths } from '../../../lib/paths';
import { safeReturnPath } from '../../../lib/return-url';
import { useReceiver } from '../api/get-receiver';
import { useCreateReceiver, useUpdateReceiver } from '../api/save-receiver';
import { NEW_ADDRESS, readAddressRoute, type RouteAddress } from '../address-route';
import { regionLabel } from '../region-search';
import '../addresses.css';

type Values = ReceiverInput;

// The picker (Popup, CascaderView, SearchBar) loads on the first tap, not with the form.
const RegionPicker = lazy(() =>
  import('../components/region-picker').then((m) => ({ default: m.RegionPicker })),
);

const emptyValues: Values = {
  receiverName: '',
  mobile: '',
  regionCode: '',
  address: '',
  postcode: '',
  company: '',
  isDefault: false,
};

const valuesOf = (a: RouteAddress | Receiver, mobile: string): Values => ({
  receiverName: a.receiverName,
  mobile,
  regionCode: a.region.code,
  address: a.address,
  postcode: a.postcode ?? '',
  company: a.company ?? '',
  isDefault: a.isDefault,
});

/** A one-line text input of this form, bound by name. */
function LineField({
  form,
  name,
  label,
  placeholder,
  maxLength,
  inputMode,
}: {
  form: FieldHost<Values>;
  name: 'receiverName' | 'address' | 'postcode' | 'company';
  label: string;
  placeholder: string;
  maxLength: number;
  inputMode?: 'numeric';
}) {
  const { value, onChange, error } = useFormField<Values, string | null | undefined>(form, name);
  const id = `address-${name}`;
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <Input
        id={id}
        data-testid={id}
        value={value ?? ''}
        onChange={(v) => onChange(inputMode === 'numeric' ? v.replace(/\D/g, '') : v)}
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
        clearable
      />
    </FormField>
  );
}

function RegionField({
  form,
  region,
  onOpen,
}: {
  form: FieldHost<Values>;
  region: Region | null;
  onOpen: () => void;
}) {
  const { error } = useFormField<Values, string>(form, 'regionCode');
  return (
    <FormField label="所在地区" htmlFor="address-region" error={error}>
      <button
        type="button"
        id="address-region"
        className={`region-trigger${region ? '' : ' region-trigger-empty'}`}
        onClick={onOpen}
        data-testid="address-region"
      >
        {region ? regionLabel(region) : '请选择省 / 市 / 区县'}
      </button>
    </FormField>
  );
}

function AddressForm({ initial }: { initial: RouteAddress | null }) {
  const navigate = useNavigate();
  // `?returnTo=/fillOrder`: an address added while placing an order goes back to the order.
  const [searchParams] = useSearchParams();
  const afterSave = safeReturnPath(searchParams.get('returnTo')) ?? paths.shippingAddress;
  const id = initial?.id ?? null;
  const current = useReceiver(id);
  const create = useCreateReceiver();
  const update = useUpdateReceiver();
  // The region picked here, else the server's copy's, else the route's.
  const [picked, setPicked] = useState<Region | null>(null);
  const region = picked ?? current.data?.region ?? initial?.region ?? null;
  const [picking, setPicking] = useState(false);
  const [pickerWanted, setPickerWanted] = useState(false);
  const form = useContractForm({
    schema: MemberReceiver.Create.input,
    defaultValues: initial ? valuesOf(initial, '') : emptyValues,
    failMessage: '保存失败，请稍后重试',
    submit: async (values) => {
      if (id === null) await create.mutateAsync(values);
      else await update.mutateAsync({ id, ...values });
      showSuccess('已保存');
      void navigate(afterSave, { replace: true });
    },
  });

  // The server's copy replaces the route's once it arrives (and brings the mobile).
  const loaded = useRef(false);
  const { reset, setValue, formState } = form;
  useEffect(() => {
    if (!current.data || loaded.current) return;
    loaded.current = true;
    if (formState.isDirty) setValue('mobile', current.data.mobile);
    else reset(valuesOf(current.data, current.data.mobile));
  }, [current.data, reset, setValue, formState.isDirty]);

  if (current.isError) {
    return <BackToList message={errorMessage(current.error, '收货地址加载失败')} />;
  }

  const isDefaultField = form.watch('isDefault');
  const wasDefault = current.data?.isDefault ?? initial?.isDefault ?? false;
  return (
    <form className="address-form" onSubmit={form.onSubmit} noValidate>
      <section className="address-form-card">
        <LineField
          form={form}
          name="receiverName"
          label="收货人"
          placeholder="请填写收货人姓名"
          maxLength={RECEIVER_NAME_MAX}
        />
        <MobileField
          form={form}
          name="mobile"
          id="address-mobile"
          placeholder={id !== null && !current.data ? '加载中…' : '请填写11位手机号'}
        />
        <RegionField
          form={form}
          region={region}
          onOpen={() => {
            setPickerWanted(true);
            setPicking(true);
          }}
        />
        <LineField
          form={form}
          name="address"
          label="详细地址"
          placeholder="街道、楼栋、门牌号"
          maxLength={RECEIVER_ADDRESS_MAX}
        />
        <LineField
          form={form}
          name="postcode"
          label="邮编"
          placeholder="选填，6位数字"
          maxLength={6}
          inputMode="numeric"
        />
        <LineField
          form={form}
          name="company"
          label="公司名称"
          placeholder="选填"
          maxLength={RECEIVER_COMPANY_MAX}
        />
      </section>
      <section className="address-form-card address-default-row">
        <div>
          <div className="address-default-title">设为默认地址</div>
          <div className="address-default-hint">
            {wasDefault ? '这是当前的默认地址；将别的地址设为默认即可更换' : '下单时优先使用'}
          </div>
        </div>
        <Switch
          checked={wasDefault || isDefaultField === true}
          disabled={wasDefault}
          onChange={(checked) => form.setValue('isDefault', checked, { shouldDirty: true })}
          data-testid="address-is-default"
        />
      </section>
      <div className="address-submit">
        <SubmitButton form={form} loadingText="保存中" testId="address-save">
          保存
        </SubmitButton>
      </div>
      {pickerWanted && (
        <Suspense fallback={null}>
          <RegionPicker
            visible={picking}
            value={region}
            onClose={() => setPicking(false)}
            onSelect={(choice) => {
              setPicked(choice);
              form.setValue('regionCode', choice.code, { shouldDirty: true });
              if (form.getFieldState('regionCode').error) void form.trigger('regionCode');
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}

function BackToList({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="address-invalid">
      <PageError message={message} />
      <Button
        color="primary"
        fill="outline"
        shape="rounded"
        onClick={() => void navigate(paths.shippingAddress, { replace: true })}
        data-testid="address-back-to-list"
      >
        返回地址列表
      </Button>
    </div>
  );
}

/** shippingAddress/editAddress/{data}: a new address (`new`) or the one the route carries. */
export function EditAddressPage() {
  const route = readAddressRoute(useParams().data);
  const title = route === NEW_ADDRESS ? '新增收货地址' : '编辑收货地址';
  return (
    <div className="address-page" data-testid="edit-address-page">
      <PageHeader>{title}</PageHeader>
      {route === null ? (
        <BackToList message="地址信息无效，请从收货地址列表重新打开" />
      ) : (
        <AddressForm initial={route === NEW_ADDRESS ? null : route} />
      )}
    </div>
  );
}
