/**
 * What the sandbox geocoder knows of the demo cities: streets as house numbers along a line
 * (a number is placed between the two known points around it) and named places. The points are
 * approximate, good enough for a pin the diner then drags onto the door.
 */
export type SandboxStreet = {
  name: string
  locality: string
  /** [house number, lat, lng], by rising number. */
  points: [number, number, number][]
}

export type SandboxPlace = { name: string; addressLine1: string; locality: string; lat: number; lng: number }

const NY = 'New York, NY'
const SF = 'San Francisco, CA'
const BLR = 'Bengaluru, Karnataka'

export const SANDBOX_STREETS: SandboxStreet[] = [
  // New York
  { name: '5th Ave', locality: NY, points: [[1, 40.7316, -73.9966], [350, 40.7484, -73.9857], [700, 40.7606, -73.9757], [1130, 40.7851, -73.9597]] },
  { name: '8th Ave', locality: NY, points: [[1, 40.7375, -74.0054], [744, 40.7601, -73.9879], [1000, 40.7681, -73.9819]] },
  { name: 'Broadway', locality: NY, points: [[1, 40.7054, -74.0137], [800, 40.7323, -73.991], [1500, 40.757, -73.9857], [2000, 40.7762, -73.9822]] },
  { name: 'Park Ave', locality: NY, points: [[1, 40.748, -73.98], [500, 40.7615, -73.9705], [1000, 40.7775, -73.959]] },
  { name: 'Madison Ave', locality: NY, points: [[1, 40.7414, -73.9874], [500, 40.759, -73.9749], [1000, 40.7748, -73.9632]] },
  { name: 'Bleecker St', locality: NY, points: [[1, 40.7257, -73.9942], [287, 40.7318, -74.0036], [400, 40.7351, -74.0048]] },
  { name: 'Ludlow St', locality: NY, points: [[1, 40.7153, -73.9913], [112, 40.7195, -73.9881], [200, 40.7227, -73.9875]] },
  { name: 'W 34th St', locality: NY, points: [[1, 40.7486, -73.9856], [250, 40.7513, -73.9914], [500, 40.7547, -73.999]] },
  { name: 'E 14th St', locality: NY, points: [[1, 40.7355, -73.9921], [300, 40.7323, -73.9845], [600, 40.7293, -73.9777]] },
  // San Francisco
  { name: 'Folsom St', locality: SF, points: [[1, 37.7905, -122.3899], [598, 37.7861, -122.3969], [1600, 37.7715, -122.415], [3000, 37.75, -122.414]] },
  { name: 'Market St', locality: SF, points: [[1, 37.7941, -122.3951], [1000, 37.7813, -122.411], [2000, 37.7676, -122.429]] },
  { name: 'Mission St', locality: SF, points: [[1, 37.7924, -122.3937], [1000, 37.7808, -122.4096], [2000, 37.7637, -122.4195], [3000, 37.7486, -122.4183]] },
  { name: 'Hayes St', locality: SF, points: [[1, 37.7774, -122.4188], [432, 37.7766, -122.4239], [800, 37.7745, -122.435]] },
  { name: 'Valencia St', locality: SF, points: [[1, 37.7714, -122.4229], [1000, 37.757, -122.4211]] },
  { name: '16th St', locality: SF, points: [[1, 37.7686, -122.392], [2000, 37.7657, -122.404], [3120, 37.7649, -122.4215], [3800, 37.764, -122.433]] },
  { name: 'Howard St', locality: SF, points: [[1, 37.7915, -122.3912], [747, 37.7842, -122.4016], [1600, 37.7727, -122.4154]] },
  // Bengaluru
  { name: '100 Feet Rd, Indiranagar', locality: BLR, points: [[1, 12.9784, 77.6408], [1000, 12.961, 77.6387]] },
  { name: '80 Feet Rd, Koramangala', locality: BLR, points: [[1, 12.9352, 77.6142], [1000, 12.9279, 77.6316]] },
  { name: 'MG Rd', locality: BLR, points: [[1, 12.9756, 77.6009], [200, 12.9751, 77.6049], [400, 12.9735, 77.6175]] },
  { name: 'Brigade Rd', locality: BLR, points: [[1, 12.9739, 77.6071], [200, 12.9676, 77.6078]] },
]

export const SANDBOX_PLACES: SandboxPlace[] = [
  { name: 'Empire State Building', addressLine1: '350 5th Ave', locality: `${NY} 10118`, lat: 40.7484, lng: -73.9857 },
  { name: 'Times Square', addressLine1: '1560 Broadway', locality: `${NY} 10036`, lat: 40.758, lng: -73.9855 },
  { name: 'Grand Central Terminal', addressLine1: '89 E 42nd St', locality: `${NY} 10017`, lat: 40.7527, lng: -73.9772 },
  { name: 'Rockefeller Center', addressLine1: '45 Rockefeller Plaza', locality: `${NY} 10111`, lat: 40.7587, lng: -73.9787 },
  { name: 'Washington Square Park', addressLine1: 'Washington Square', locality: `${NY} 10012`, lat: 40.7308, lng: -73.9973 },
  { name: 'Madison Square Garden', addressLine1: '4 Pennsylvania Plaza', locality: `${NY} 10001`, lat: 40.7505, lng: -73.9934 },
  { name: 'Ferry Building', addressLine1: '1 Ferry Building', locality: `${SF} 94111`, lat: 37.7955, lng: -122.3937 },
  { name: 'Union Square', addressLine1: '333 Post St', locality: `${SF} 94108`, lat: 37.788, lng: -122.4075 },
  { name: 'Salesforce Tower', addressLine1: '415 Mission St', locality: `${SF} 94105`, lat: 37.7897, lng: -122.3972 },
  { name: 'Moscone Center', addressLine1: '747 Howard St', locality: `${SF} 94103`, lat: 37.7842, lng: -122.4016 },
  { name: 'Oracle Park', addressLine1: '24 Willie Mays Plaza', locality: `${SF} 94107`, lat: 37.7786, lng: -122.3893 },
  { name: 'Dolores Park', addressLine1: '19th St & Dolores St', locality: `${SF} 94114`, lat: 37.7596, lng: -122.4269 },
  { name: 'UB City', addressLine1: '24 Vittal Mallya Rd', locality: `${BLR} 560001`, lat: 12.9716, lng: 77.596 },
  { name: 'Cubbon Park', addressLine1: 'Kasturba Rd', locality: `${BLR} 560001`, lat: 12.9763, lng: 77.5929 },
  { name: 'Forum Mall', addressLine1: '21 Hosur Rd, Koramangala', locality: `${BLR} 560029`, lat: 12.9346, lng: 77.6113 },
  { name: 'Bangalore Palace', addressLine1: 'Palace Rd, Vasanth Nagar', locality: `${BLR} 560052`, lat: 12.9987, lng: 77.592 },
  { name: 'Lalbagh Botanical Garden', addressLine1: 'Mavalli', locality: `${BLR} 560004`, lat: 12.9507, lng: 77.5848 },
]
