export { formatOrderNumber, isFinishedStatus, ORDER_STATUS_TABLE, progressSteps, statusLabel, statusSentence } from './contracts/order-status'
export type { OrderStatus, ProgressStep } from './contracts/order-status'
export { KITCHEN_COLUMN_LABELS, KITCHEN_COLUMNS, UNDO_SECONDS, type KitchenColumn } from './contracts/kitchen-rules'
export type { BumpResult, KitchenBoard, KitchenCard, StockDish } from './contracts/kitchen'
export { configureAuth, createApiClient } from './client'
export { ApiRefusal, call, createCall } from './call'
export type { CallOptions, ResponseOf } from './call'
export type { EndpointName } from './contracts/endpoints'
export { openEventStream } from './event-stream'
export type { StreamOptions } from './event-stream'
export {
  hasBuildData,
  loadAllLocations,
  loadCities,
  loadCustomerMenu,
  loadRestaurant,
  loadSiteConfig,
} from './build-data'
export type { City, SiteConfig } from './build-data'
export type { ApiClient, ErrorBody } from './client'
export type {
  Allergen,
  DietaryMark,
  DietaryMarket,
  FindMerchantRequest,
  FindMerchantResponse,
  LocationSummary,
  MatchedDish,
  MediaRef,
  MenuCategory,
  MenuItem,
  MenuResponse,
  MerchantDetails,
  PopularDishesResponse,
  RestaurantDetail,
  SearchResult,
  SearchService,
  SearchSuggestions,
  ShortLinkResponse,
  Theme,
} from './contracts/merchants'
export type { DiningTable, TableLookupResponse } from './contracts/tables'
export type {
  Favourite,
  FavouriteItem,
  FavouriteRequest,
  FavouriteRestaurant,
  FavouritesQuery,
  FavouritesResponse,
  RemoveFavouriteResponse,
} from './contracts/favourites'
export type { GeocodedAddress, GeocodeResponse, NearestCityResponse, Place, PlaceKind, PlaceSearchResponse } from './contracts/places'
export type { CallingCode, CountriesResponse, CountryCode, CustomerDetails, GuestSmsRequest, GuestVerifiedResponse, LoginRequest, LoginResponse, OtpSentResponse, OutboxResponse, ResetVerifyResponse, SignupRequest, TokenRefreshResponse, ValidateOtpRequest, ValidateOtpResponse } from './contracts/auth'
export type {
  Address,
  AddressCreateRequest,
  AddressDeleteResponse,
  AddressTag,
  AddressUpdateRequest,
  CardBrand,
  CardDeleteResponse,
  CustomerLocation,
  CustomerProfile,
  DetailsUpdateRequest,
  OrderHistoryEntry,
  OrderHistoryResponse,
  ProfileUpdateRequest,
  SaveCardRequest,
  SavedCard,
  TokenizeRequest,
  TokenizeResponse,
} from './contracts/account'
export { SANDBOX_TOKENIZE_AUTHORIZATION, SANDBOX_TOKENIZE_PATH } from './contracts/card-provider'
export type { CartLineRequest, DistanceResponse, TipType, TotalsLine, TotalsRequest, TotalsResponse } from './contracts/orders'
export type { OrderDetail, OrderLine, OrderLineOption, OrderPayment, OrderReceipt, OrderSplit, AuthorizeRequest, PaymentResult, PaymentStatus, PlaceOrderRequest } from './contracts/ordering'
export { cancellationText, UNPAID_ORDER_MINUTES, UNPAID_ORDER_STATUSES, type CancelReason } from './contracts/ordering-rules'
export type {
  ApplyOffersRequest,
  ItemOfferAvailRequest,
  ItemOfferAvailResponse,
  Offer,
  OfferListing,
  OfferListQuery,
  OfferListResponse,
  OfferLocation,
  OfferQuote,
  RedeemCouponRequest,
  RedemptionResponse,
  ValidateCouponQuery,
} from './contracts/offers'
export type {
  Reservation,
  ReservationEvent,
  ReservationKind,
  ReservationParams,
  ReservationSlot,
  ReservationStatus,
  SlotsResponse,
  TableDetailsResponse,
  WaitTime,
  WaitTimesResponse,
} from './contracts/reservations'
export { CHECKIN_MARKER_MS, diningMinutes, MAX_PARTY_SIZE, ONE_ACTIVE_CHECKIN, RESERVATION_WINDOW_DAYS } from './contracts/reservation-rules'
export {
  FEEDBACK_FAILED,
  FEEDBACK_SUBMITTED,
  isRateableStatus,
  MAX_FEEDBACK_TEXT,
  MAX_SUPPORT_MESSAGE,
  SUPPORT_TOPICS,
} from './contracts/feedback-rules'
export type { SupportTopic } from './contracts/feedback-rules'
export type { FeedbackAnswer, FeedbackQuestion, FeedbackResponse, SubmitFeedbackRequest, SubmittedFeedback } from './contracts/feedback'
export type { CreateSupportRequest, SupportAnswer, SupportRequestCreated, SupportRequestStatus, SupportRequestSummary } from './contracts/support'
export type { FloorBoard, FloorCall, FloorCallUpdate, SupportInboxItem, SupportReply, SupportRequestDetail } from './contracts/floor'
export { MAX_SUPPORT_REPLY } from './contracts/floor-rules'
export type { DeliveryQuote, DeliveryQuoteRequest, DeliveryStatus, DeliveryTracking, LatLngPoint, Runner, TrackingEvent, ValetLocation } from './contracts/delivery'
export type {
  CampaignLocation,
  CampaignResponse,
  EventDateSlots,
  EventLocation,
  EventOrderMenuResponse,
  EventResponse,
  EventSlot,
  EventSummary,
} from './contracts/events'
export type {
  AddRoundRequest,
  BillShare,
  CallWaiterRequest,
  KitchenTicket,
  KitchenTicketsResponse,
  SplitBill,
  SplitRequest,
  WaiterCall,
} from './contracts/dine-in'
export { CALL_WAITER_LABEL, DINE_IN_REQUEST, evenShares, MAX_SPLIT_PARTS, MIN_SPLIT_PARTS } from './contracts/dine-in-rules'
export { E164_PATTERN, isE164, MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY } from './contracts/field-rules'
export { STAFF_ROLES } from './contracts/staff-roles'
export type { StaffRole } from './contracts/staff-roles'
export type { AddTeamMemberRequest, StaffMe, StaffSettings, StaffSignInResponse, StaffTokens, TeamMember } from './contracts/staff'
export { HELD_AHEAD_MINUTES, HOST_CANCEL_REASONS, type HostCancelReason } from './contracts/host-stand-rules'
export type { HostBoard, HostEvent, HostParty, HostTable, PhoneReservationRequest, TableSuggestion, TableSuggestions, WalkInRequest } from './contracts/host-stand'
