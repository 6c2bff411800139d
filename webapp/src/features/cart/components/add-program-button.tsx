import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths, signInPath } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAddProgramToCart } from '../api/add-program-to-cart';

interface AddProgramButtonProps {
  programId: string;
  signedIn: boolean;
  block?: boolean;
}

/** Adds a program's destinations to the trip in the program's order, skipping those already there. */
export function AddProgramButton({ programId, signedIn, block }: AddProgramButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const add = useAddProgramToCart();
  const onClick = () => {
    if (!signedIn) {
      // The spec's words, then the way on: sign in (or up) and come back to this page.
      toast.error(t('cart.mustSignIn'));
      void navigate(signInPath(paths.signIn, pathname + search));
      return;
    }
    add.mutate(programId, {
      onSuccess: (cart) => toast.success(cart.message || t('cart.destinationAdded')),
      onError: (error) => {
        // A 401: the session ended, which the app says itself (lib/api-client, SessionEndedNotice).
        if (isApiError(error) && error.status === 401) return;
        if (isApiError(error) && error.status === 409) {
          toast.info(error.message);
        } else if (isApiError(error) && error.status === 404) {
          toast.error(t('cart.programNotFound'));
        } else {
          toast.error(t('cart.programAddFailed'));
        }
      },
    });
  };
  return (
    <Button onClick={onClick} loading={add.isPending} block={block} icon={<Icon name="plus" size={18} />}>
      {t('cart.addProgram')}
    </Button>
  );
}
