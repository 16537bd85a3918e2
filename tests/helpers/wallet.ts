// The approved wallet lives beside the wallet services, so the browser tests' /e2e/rider can give one too.
export { approveWallet, VERIFIED_WALLET } from '~/services/wallet/approved-wallet.server';
