import {
  SHOP_ITEM_NOT_FOUND_MESSAGE,
  SHOP_RECEIVER_NOT_FOUND_MESSAGE,
  SHOP_RECEIVER_REQUIRED_MESSAGE,
  SHOP_SOLD_OUT_MESSAGE,
  DELIVERY_NOT_PENDING_MESSAGE,
  maskMobile,
  type ShopExchange,
  type ShopItem,
  type ShopItemInput,
  type StaffDelivery,
  type StaffShopItem,
} from '@pcb/contract';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberApi } from '../member/member.module';
import type { MemberPointApi } from '../member-point/member-point.module';
import type { MemberRebateApi } from '../member-rebate/member-rebate.module';
import type { MemberReceiverApi } from '../member-receiver/member-receiver.module';
import type { ShopProductRepository } from './shop-product.repository';
import type { DeliveryAddress, ShopExchangeRow, ShopItemRow } from './shop-product.table';

type Offers = Awaited<ReturnType<MemberRebateApi['grants']['offersOf']>>;

const toItem = (row: ShopItemRow, offers: Offers): ShopItem => {
  const offer = row.templateId !== null ? offers.get(row.templateId) : undefined;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    pointsPrice: row.pointsPrice,
    stock: row.stock,
    coupon: offer
      ? {
          serviceType: offer.serviceType,
          amount: offer.amount,
          minOrderAmount: offer.minOrderAmount,
          validity: offer.validity,
        }
      : null,
  };
};

const toStaffItem = (row: ShopItemRow, offers: Offers): StaffShopItem => ({
  ...toItem(row, offers),
  templateId: row.templateId,
  isActive: row.isActive,
  exchanged: row.exchanged,
  createdAt: row.createdAt.toISOString(),
});

const toExchange = (row: ShopExchangeRow): ShopExchange => ({
  id: row.id,
  itemName: row.itemName,
  kind: row.kind,
  points: row.points,
  status: row.status,
  courier: row.courier,
  trackingNo: row.trackingNo,
  createdAt: row.createdAt.toISOString(),
});

/** The request id was used by a request still running: its answer is read after it commits. */
class SameRequest extends Error {}

/**
 * The points shop (decision 0074). An exchange is one transaction: the request id's row
 * (unique per member: a retry or a double tap finds the first exchange and is charged once),
 * one of the stock (`UPDATE … WHERE stock > 0`: never oversold), the points through the points
 * module's one function (积分不足 rolls it all back), then the coupon through member-rebate or
 * the goods' delivery to the chosen address.
 */
export function createShopProductService(deps: {
  repository: ShopProductRepository;
  points: Pick<MemberPointApi, 'changeIn'>;
  coupons: MemberRebateApi['grants'];
  receivers: Pick<MemberReceiverApi, 'findForMember'>;
  members: Pick<MemberApi, 'namesOf' | 'points'>;
  now: Clock;
}) {
  const { repository } = deps;
  const offersFor = (rows: ShopItemRow[]) =>
    deps.coupons.offersOf(rows.flatMap((r) => (r.templateId !== null ? [r.templateId] : [])));

  async function answer(memberId: number, row: ShopExchangeRow) {
    const balance = await repository.db.transaction((tx) =>
      deps.members.points.lockIn(tx, memberId),
    );
    return { exchange: toExchange(row), balance: balance ?? 0 };
  }

  async function mustItem(id: number) {
    const row = await repository.item(id);
    if (!row) throw new AppError(404, SHOP_ITEM_NOT_FOUND_MESSAGE);
    return row;
  }

  async function staffItem(row: ShopItemRow) {
    return toStaffItem(row, await offersFor([row]));
  }

  return {
    async list(kind: ShopItemRow['kind'] | undefined, page: PageRequest) {
      const items = await repository.activeItems(kind, page);
      const offers = await offersFor(items.items);
      return mapPage(items, (rows) => rows.map((r) => toItem(r, offers)));
    },

    async exchanges(memberId: number, page: PageRequest) {
      return mapPage(await repository.exchanges(memberId, page), (rows) => rows.map(toExchange));
    },

    async exchange(
      memberId: number,
      input: { id: number; requestId: string; receiverId?: number },
    ) {
      const done = await repository.exchangeByRequest(memberId, input.requestId);
      if (done) return answer(memberId, done);
      const item = await repository.item(input.id);
      if (!item || !item.isActive) throw new AppError(404, SHOP_ITEM_NOT_FOUND_MESSAGE);
      let receiver: DeliveryAddress | null = null;
      if (item.kind === 'goods') {
        if (!input.receiverId) {
          throw new AppError(400, SHOP_RECEIVER_REQUIRED_MESSAGE, { field: 'receiverId' });
        }
        const found = await deps.receivers.findForMember(memberId, input.receiverId);
        if (!found)
          throw new AppError(404, SHOP_RECEIVER_NOT_FOUND_MESSAGE, { field: 'receiverId' });
        const r = found.region;
        receiver = {
          receiverName: found.receiverName,
          mobile: found.mobile,
          address: `${r.province}${r.city}${r.county}${found.address}`,
        };
      }
      try {
        const row = await repository.db.transaction(async (tx) => {
          const exchange = await repository.insertExchange(tx, {
            memberId,
            itemId: item.id,
            requestId: input.requestId,
            kind: item.kind,
            itemName: item.name,
            points: item.pointsPrice,
            receiver,
            status: item.kind === 'goods' ? 'pending' : null,
            createdAt: deps.now(),
          });
          if (!exchange) throw new SameRequest();
          const taken = await repository.takeOne(tx, item.id);
          if (!taken) throw new AppError(409, SHOP_SOLD_OUT_MESSAGE);
          if (taken.pointsPrice !== exchange.points) {
            // The price changed since it was read: charge what the item costs now.
            throw new AppError(409, '商品积分价格已变更，请刷新后重试');
          }
          await deps.points.changeIn(tx, {
            memberId,
            delta: -exchange.points,
            kind: 'exchange',
            ref: String(exchange.id),
            note: item.name,
          });
          if (item.kind === 'coupon') {
            const coupon = await deps.coupons.grantIn(tx, memberId, item.templateId!);
            await repository.setCoupon(tx, exchange.id, coupon.id);
          }
          return exchange;
        });
        return answer(memberId, row);
      } catch (error) {
        if (!(error instanceof SameRequest)) throw error;
        const first = await repository.exchangeByRequest(memberId, input.requestId);
        if (!first) throw new Error('shop: a request id conflicted with no exchange');
        return answer(memberId, first);
      }
    },

    async items(): Promise<StaffShopItem[]> {
      const rows = await repository.allItems();
      const offers = await offersFor(rows);
      return rows.map((r) => toStaffItem(r, offers));
    },

    async createItem(w: StaffWrite, input: ShopItemInput) {
      if (input.kind === 'coupon') {
        const offer = (await deps.coupons.offersOf([input.templateId!])).get(input.templateId!);
        if (!offer) throw new AppError(404, '优惠券模板不存在', { field: 'templateId' });
        if (!offer.isActive) throw new AppError(400, '该模板已停用', { field: 'templateId' });
      }
      const row = await repository.insertItem(w.tx, {
        kind: input.kind,
        name: input.name,
        description: input.description,
        pointsPrice: input.pointsPrice,
        stock: input.stock,
        templateId: input.kind === 'coupon' ? input.templateId! : null,
        createdAt: deps.now(),
      });
      const item = await staffItem(row);
      await w.audit('shopItem', row.id, null, { ...input });
      return item;
    },

    async setItem(w: StaffWrite, input: { id: number; pointsPrice: number; isActive: boolean }) {
      const before = await mustItem(input.id);
      const row = await repository.setItem(w.tx, input.id, {
        pointsPrice: input.pointsPrice,
        isActive: input.isActive,
      });
      if (!row) throw new AppError(404, SHOP_ITEM_NOT_FOUND_MESSAGE);
      await w.audit(
        'shopItem',
        input.id,
        { pointsPrice: before.pointsPrice, isActive: before.isActive },
        { pointsPrice: row.pointsPrice, isActive: row.isActive },
      );
      return staffItem(row);
    },

    async addStock(w: StaffWrite, input: { id: number; quantity: number }) {
      await mustItem(input.id);
      const row = await repository.addStock(w.tx, input.id, input.quantity);
      if (!row) throw new AppError(409, '库存不能少于0', { field: 'quantity' });
      await w.audit('shopItem', input.id, null, { quantity: input.quantity, stock: row.stock });
      return staffItem(row);
    },

    async deliveries(status: 'pending' | 'shipped' | undefined, page: PageRequest) {
      return mapPage(await repository.deliveries(status, page), async (rows) => {
        const names = await deps.members.namesOf(rows.map((r) => r.memberId));
        return rows.map((r) => toDelivery(r, names.get(r.memberId)?.displayName ?? ''));
      });
    },

    async ship(w: StaffWrite, input: { id: number; courier: string; trackingNo: string }) {
      const row = await repository.ship(w.tx, input.id, {
        courier: input.courier,
        trackingNo: input.trackingNo,
        shippedAt: deps.now(),
        shippedBy: w.staff.id,
      });
      if (!row) throw new AppError(409, DELIVERY_NOT_PENDING_MESSAGE);
      await w.audit(
        'shopExchange',
        row.id,
        { status: 'pending' },
        {
          status: 'shipped',
          courier: input.courier,
          trackingNo: input.trackingNo,
        },
      );
      const names = await deps.members.namesOf([row.memberId]);
      return toDelivery(row, names.get(row.memberId)?.displayName ?? '');
    },
  };
}

function toDelivery(row: ShopExchangeRow, displayName: string): StaffDelivery {
  return {
    id: row.id,
    member: { id: row.memberId, displayName },
    itemName: row.itemName,
    points: row.points,
    // Masked as the order desk masks a receiver's mobile (product decisions §5).
    receiver: row.receiver
      ? { ...row.receiver, mobile: maskMobile(row.receiver.mobile) }
      : { receiverName: '', mobile: '', address: '' },
    status: row.status ?? 'pending',
    courier: row.courier,
    trackingNo: row.trackingNo,
    createdAt: row.createdAt.toISOString(),
    shippedAt: row.shippedAt?.toISOString() ?? null,
  };
}

export type ShopProductService = ReturnType<typeof createShopProductService>;
