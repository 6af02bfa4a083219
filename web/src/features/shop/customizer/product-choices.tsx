import { InlineAlert } from '../../../components/ui/inline-alert';
import { ChoiceSelect } from '../choice-select';
import type { ProductOptions } from './use-product-options';

/** The print provider and the variant (in stock only), or why there is nothing to choose. */
export function ProductChoices({ options }: { options: ProductOptions }) {
  const { providers, provider, variants, variant, loading } = options;
  if (!provider) {
    return loading ? (
      <p className="text-[15px] text-slate-600 dark:text-slate-300">Loading the options…</p>
    ) : (
      <InlineAlert tone="info">This product cannot be ordered right now. Please look at another one.</InlineAlert>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChoiceSelect
        label="Print provider"
        value={String(provider.id)}
        choices={providers.map((candidate) => ({ value: String(candidate.id), label: candidate.title }))}
        onChange={(id) => options.chooseProvider(Number(id))}
      />
      {variant ? (
        <ChoiceSelect
          label="Variant"
          value={String(variant.id)}
          choices={variants.map((candidate) => ({ value: String(candidate.id), label: candidate.title }))}
          onChange={(id) => options.chooseVariant(Number(id))}
        />
      ) : loading ? (
        <p className="self-end text-[15px] text-slate-600 dark:text-slate-300">Loading the variants…</p>
      ) : (
        <InlineAlert tone="info" className="self-end">
          Out of stock with this print provider.
        </InlineAlert>
      )}
    </div>
  );
}
