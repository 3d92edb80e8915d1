export { CampaignPage } from './ui/CampaignPage'
