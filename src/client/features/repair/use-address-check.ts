import { useState } from 'react';
import { useLatestOnly } from '#client/lib/use-latest-only.ts';
import { checkAddress } from '#client/lib/screens/places-api.ts';
import type { StepProps } from './step-props.ts';

export interface AddressCheck {
  /** The country came with the checked address: not edited by hand (portal.md §2.1 'disabled once filled'), until the address changes. */
  countryLocked: boolean;
  setCountryLocked: (locked: boolean) => void;
  /** The provider's reason the address cannot be used. */
  problem: string | undefined;
  /** The provider could not be asked (down, slow, no network): a calm line, not an error; the server checks again or marks it for a call. */
  unchecked: boolean;
  /** Checks `text`; `country` is what a picked suggestion named, null otherwise. */
  check: (text: string, country: string | null) => void;
  /** The address changed or went: an answer still on its way is for another address, and what was said of the old one goes. */
  forget: () => void;
}

/**
 * The spec's check of step 2's address; an exact one is written as the provider writes it, and
 * brings its postcode to Индекс when the provider knows it (the address it belongs to was just chosen).
 */
export function useAddressCheck({ values, change }: Pick<StepProps, 'values' | 'change'>): AddressCheck {
  const [countryLocked, setCountryLocked] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [unchecked, setUnchecked] = useState(false);
  /** A check's answer for an address no longer there is dropped. */
  const checkRun = useLatestOnly();

  const check = (text: string, country: string | null) => {
    if (text.trim() === '') return;
    const isLatest = checkRun.begin();
    checkAddress(text.trim()).then(
      (result) => {
        if (!isLatest()) return;
        setUnchecked(false);
        if (result.ok) {
          setProblem(undefined);
          change({
            address: result.address,
            country: values.country || country || result.address.split(',')[0]!.trim(),
            ...(result.postcode ? { zip: result.postcode } : {}),
          });
          if (values.country === '') setCountryLocked(true);
        } else setProblem(result.message);
      },
      () => {
        if (!isLatest()) return;
        setProblem(undefined);
        setUnchecked(true);
      },
    );
  };
  const forget = () => {
    checkRun.drop();
    setProblem(undefined);
    setUnchecked(false);
  };
  return { countryLocked, setCountryLocked, problem, unchecked, check, forget };
}
