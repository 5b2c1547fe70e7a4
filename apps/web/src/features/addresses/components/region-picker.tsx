import { useMemo, useState } from 'react';
import { CascaderView, Popup, SearchBar } from 'antd-mobile';
import type { Region, RegionProvince } from '@pcb/contract/city-class';
import { PageError, PageLoading } from '../../../components/page-status';
import { errorMessage } from '../../../components/feedback';
import { useRegions } from '../api/get-regions';
import { findRegion, searchRegions } from '../region-search';

interface CascaderOption {
  label: string;
  value: string;
  children?: CascaderOption[];
}

const toOptions = (provinces: readonly RegionProvince[]): CascaderOption[] =>
  provinces.map((p) => ({
    label: p.name,
    value: p.code,
    children: p.children.map((c) => ({
      label: c.name,
      value: c.code,
      children: c.children.map((county) => ({ label: county.name, value: county.code })),
    })),
  }));

function RegionChooser({
  provinces,
  value,
  onSelect,
}: {
  provinces: RegionProvince[];
  value: Region | null;
  onSelect: (region: Region) => void;
}) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => toOptions(provinces), [provinces]);
  const matches = useMemo(() => searchRegions(provinces, query), [provinces, query]);
  const initial = value ? [value.code.slice(0, 2), value.code.slice(0, 4), value.code] : undefined;
  return (
    <>
      <div className="region-search">
        <SearchBar
          placeholder="搜索区县或城市，如 南山区"
          value={query}
          onChange={setQuery}
          data-testid="region-search"
        />
      </div>
      {query.trim() ? (
        matches.length === 0 ? (
          <div className="region-none" data-testid="region-none">
            没有找到「{query.trim()}」，换个名称试试
          </div>
        ) : (
          <ul className="region-matches" aria-label="搜索结果">
            {matches.map((m) => (
              <li key={m.region.code}>
                <button
                  type="button"
                  className="region-match"
                  onClick={() => onSelect(m.region)}
                  data-testid="region-match"
                >
                  <span className="region-match-name">{m.region.county}</span>
                  <span className="region-match-path">{m.path}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <CascaderView
          className="region-cascader"
          options={options}
          defaultValue={initial}
          placeholder="请选择"
          onChange={(codes, extend) => {
            const code = codes[codes.length - 1];
            if (!extend.isLeaf || typeof code !== 'string') return;
            const region = findRegion(provinces, code);
            if (region) onSelect(region);
          }}
        />
      )}
    </>
  );
}

function RegionData(props: { value: Region | null; onSelect: (region: Region) => void }) {
  const regions = useRegions();
  if (regions.isPending) return <PageLoading text="地区加载中" />;
  if (regions.isError) {
    return (
      <PageError
        message={errorMessage(regions.error, '地区加载失败')}
        onRetry={() => void regions.refetch()}
      />
    );
  }
  return <RegionChooser provinces={regions.data} {...props} />;
}

/** The area picker: a search box over the provinces → cities → counties of the server's data. */
export function RegionPicker({
  visible,
  value,
  onSelect,
  onClose,
}: {
  visible: boolean;
  value: Region | null;
  onSelect: (region: Region) => void;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyClassName="region-popup"
    >
      <div className="region-popup-title">选择所在地区</div>
      <div className="region-popup-body" data-testid="region-picker">
        <RegionData value={value} onSelect={onSelect} />
      </div>
    </Popup>
  );
}
