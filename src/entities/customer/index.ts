export {
  $detailsUpdate,
  $profile,
  $profileUpdate,
  clearDetailsUpdate,
  clearProfileUpdate,
  DETAILS_UPDATE_FAILED,
  loadProfile,
  PROFILE_UPDATE_FAILED,
  resetProfile,
  updateDetails,
  updateProfile,
} from './model/profile'
