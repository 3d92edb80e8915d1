import { dish, pickMany, pickOne, type MenuTemplate } from './menu-types'

/** Prices below are paise: 24900 is ₹249.00. */
const ALCOHOL_TAX_BP = 1000
const CHEF = "Chef's special"

const spiceLevel = pickOne('Spice level', [['Mild'], ['Medium'], ['Spicy']], 1)
const biryaniAddOns = pickMany('Add-ons', [['Extra raita', 4900], ['Boiled egg', 3000], ['Mirchi ka salan', 5900]], 3)

/** Spice Route: North-Indian grills, curries and breads. */
export const NORTH_INDIAN: MenuTemplate = {
  key: 'north-indian',
  currency: 'INR',
  categories: [
    {
      name: 'Starters',
      description: 'From the tawa and the clay oven.',
      art: 'plate',
      subCategories: [
        {
          name: 'Vegetarian',
          items: [
            dish('Paneer Tikka', 32900, 'Veg', 'Cottage cheese cubes marinated in hung curd and spices, charred in the tandoor.', {
              tags: ['Bestseller', 'Jain option'],
              calories: 420,
              modifiers: [spiceLevel],
            }),
            dish('Hara Bhara Kebab', 27900, 'Veg', 'Spinach, green pea and potato patties with mint chutney.', { calories: 310 }),
            dish('Dahi ke Kebab', 28900, 'Veg', 'Melt-in-the-mouth hung curd kebabs with a crisp crumb.', { calories: 340 }),
            dish('Crispy Corn', 24900, 'Veg', 'Fried sweet corn tossed with onion, capsicum and chaat masala.', { tags: ['Spicy'], calories: 380 }),
            dish('Samosa Chaat', 19900, 'Veg', 'Crushed samosas topped with chole, yoghurt and tamarind chutney.', { calories: 450, art: 'bowl' }),
          ],
        },
        {
          name: 'From the tandoor',
          items: [
            dish('Chicken Tikka', 36900, 'Non-veg', 'Boneless chicken in a saffron and yoghurt marinade, cooked on skewers.', {
              calories: 380,
              modifiers: [spiceLevel],
            }),
            dish('Tandoori Chicken', 38900, 'Non-veg', 'Bone-in chicken marinated overnight in Kashmiri chilli and yoghurt.', {
              tags: ['Bestseller'],
              calories: 520,
              modifiers: [pickOne('Portion', [['Half'], ['Full', 22000]])],
            }),
            dish('Mutton Seekh Kebab', 42900, 'Non-veg', 'Minced mutton with ginger and green chilli, grilled on skewers.', { calories: 460 }),
            dish('Amritsari Fish Tikka', 44900, 'Non-veg', 'Ajwain-spiced basa fillets with lemon and onion rings.', { calories: 400 }),
            dish('Tandoori Prawns', 59900, 'Non-veg', 'Tiger prawns in a mustard and chilli marinade.', { calories: 360, stockQuantity: 4, alertQuantity: 5 }),
          ],
        },
      ],
    },
    {
      name: 'Curries',
      description: 'Slow-cooked gravies, best with naan or rice.',
      art: 'bowl',
      subCategories: [
        {
          name: 'Veg curries',
          items: [
            dish('Dal Makhani', 29900, 'Veg', 'Black lentils simmered overnight with butter and cream.', { tags: ['Bestseller'], calories: 480 }),
            dish('Paneer Butter Masala', 34900, 'Veg', 'Paneer in a silky tomato, cashew and butter gravy.', { calories: 560, modifiers: [spiceLevel] }),
            dish('Palak Paneer', 32900, 'Veg', 'Paneer cubes in a garlicky spinach purée.', { tags: ['Jain option'], calories: 430 }),
            dish('Kadai Vegetables', 28900, 'Veg', 'Seasonal vegetables tossed with peppers and freshly ground kadai masala.', { tags: ['Spicy'], calories: 350 }),
            dish('Chana Masala', 26900, 'Veg', 'Chickpeas cooked Punjabi style with amchur and tea-darkened gravy.', { tags: ['Vegan'], calories: 390 }),
            dish('Malai Kofta', 33900, 'Veg', 'Paneer and potato dumplings in a mildly sweet cashew gravy.', { calories: 590 }),
          ],
        },
        {
          name: 'Non-veg curries',
          items: [
            dish('Butter Chicken', 39900, 'Non-veg', 'Tandoori chicken simmered in a rich tomato and butter makhani gravy.', {
              tags: ['Bestseller'],
              calories: 620,
              modifiers: [spiceLevel],
            }),
            dish('Kadai Chicken', 38900, 'Non-veg', 'Chicken with onions, peppers and whole spices in an iron kadai.', { tags: ['Spicy'], calories: 540 }),
            dish('Mutton Rogan Josh', 47900, 'Non-veg', 'Kashmiri-style mutton braised with fennel and ratan jot.', { tags: [CHEF], calories: 610 }),
            dish('Egg Curry', 24900, 'Egg', 'Boiled eggs in a homestyle onion and tomato masala.', { calories: 410 }),
          ],
        },
      ],
      items: [
        dish('Raan-e-Sikandari', 119900, 'Non-veg', 'A whole leg of lamb slow-roasted for eight hours and carved at your table.', {
          tags: [CHEF],
          calories: 2400,
          orderTypeCodes: ['dinein'],
        }),
      ],
    },
    {
      name: 'Biryani & Rice',
      description: 'Dum-cooked in sealed handis.',
      art: 'bowl',
      items: [
        dish('Hyderabadi Chicken Dum Biryani', 38900, 'Non-veg', 'Aged basmati layered with spiced chicken, saffron and fried onions.', {
          tags: ['Bestseller'],
          calories: 820,
          modifiers: [biryaniAddOns],
        }),
        dish('Mutton Dum Biryani', 49900, 'Non-veg', 'Tender mutton and basmati slow-cooked under a dough seal.', { calories: 880, modifiers: [biryaniAddOns] }),
        dish('Subz Biryani', 29900, 'Veg', 'Vegetables and paneer layered with mint and saffron rice.', { calories: 640, modifiers: [biryaniAddOns] }),
        dish('Jeera Rice', 17900, 'Veg', 'Basmati tempered with cumin and ghee.', { calories: 380 }),
        dish('Steamed Basmati Rice', 14900, 'Veg', 'Plain long-grain basmati.', { calories: 300, image: false }),
        dish('Staff Thali', 9900, 'Veg', 'Dal, sabzi, rice and rotis for the team on shift.', { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Breads',
      description: 'Slapped onto the tandoor walls to order.',
      art: 'plate',
      items: [
        dish('Butter Naan', 6900, 'Veg', 'Soft leavened bread brushed with butter.', { calories: 290 }),
        dish('Garlic Naan', 7900, 'Veg', 'Naan studded with garlic and coriander.', { tags: ['Bestseller'], calories: 310 }),
        dish('Tandoori Roti', 4900, 'Veg', 'Whole-wheat flatbread from the clay oven.', { tags: ['Vegan'], calories: 150 }),
        dish('Laccha Paratha', 7900, 'Veg', 'Flaky layered whole-wheat paratha.', { calories: 320 }),
        dish('Cheese Kulcha', 11900, 'Veg', 'Stuffed bread with molten cheese and green chilli.', { calories: 420 }),
      ],
    },
    {
      name: 'Desserts',
      description: 'Mithai and more.',
      art: 'bowl',
      items: [
        dish('Gulab Jamun', 12900, 'Veg', 'Two warm milk dumplings soaked in rose and cardamom syrup.', { calories: 380 }),
        dish('Rasmalai', 14900, 'Veg', 'Soft chhena discs in saffron-pistachio milk.', { calories: 320 }),
        dish('Kulfi Falooda', 17900, 'Veg', 'Malai kulfi with falooda noodles, basil seeds and rose syrup.', { calories: 450, stockQuantity: 0 }),
        dish('Gajar ka Halwa', 15900, 'Veg', 'Slow-cooked red carrots with khoya and nuts, a winter special.', { display: 0 }),
        dish('Shahi Tukda', 15900, 'Veg', 'Fried bread soaked in saffron rabri, served during Ramzan.', { display: 0 }),
      ],
    },
    {
      name: 'Beverages',
      description: 'Coolers, chai and beer.',
      art: 'glass',
      items: [
        dish('Lassi', 12900, 'Veg', 'Thick churned yoghurt, served chilled in a kulhad.', {
          calories: 260,
          modifiers: [pickOne('Flavour', [['Sweet'], ['Salted'], ['Mango', 3000]])],
        }),
        dish('Masala Chaas', 8900, 'Veg', 'Spiced buttermilk with roasted cumin and mint.', { calories: 90 }),
        dish('Fresh Lime Soda', 9900, 'Veg', 'Fresh lime with soda, made the way you like it.', {
          calories: 80,
          modifiers: [pickOne('Style', [['Sweet'], ['Salted'], ['Mixed']], 2)],
        }),
        dish('Masala Chai', 7900, 'Veg', 'Assam tea boiled with milk, ginger and cardamom.', { calories: 120, art: 'cup' }),
        dish('Kingfisher Premium', 34900, 'Veg', 'Chilled Indian lager, 650 ml bottle.', { taxBp: ALCOHOL_TAX_BP, calories: 280, image: false }),
      ],
    },
  ],
}

const dosaAddOns = pickMany('Add-ons', [['Extra chutney'], ['Ghee roast', 2000], ['Benne (butter)', 1500], ['Cheese', 3000]], 3)
const sugarLevel = pickOne('Sugar', [['Regular'], ['Less sugar'], ['No sugar']])

/** Udupi Leaf: a Basavanagudi tiffin room in the Udupi tradition. */
export const SOUTH_INDIAN: MenuTemplate = {
  key: 'south-indian',
  currency: 'INR',
  categories: [
    {
      name: 'Tiffin',
      description: 'Idli, vada and dosa, served with coconut chutney and sambar.',
      art: 'plate',
      subCategories: [
        {
          name: 'Idli & Vada',
          items: [
            dish('Idli (2 pcs)', 5000, 'Veg', 'Steamed rice and urad dal cakes, soft as a pillow.', { tags: ['Jain option'], calories: 160 }),
            dish('Medu Vada (2 pcs)', 6000, 'Veg', 'Crisp lentil doughnuts flecked with pepper and curry leaves.', { calories: 290 }),
            dish('Idli Vada Combo', 7000, 'Veg', 'One idli and one vada, the Bengaluru breakfast.', { tags: ['Bestseller'], calories: 240 }),
            dish('Rava Idli', 6500, 'Veg', 'Semolina idli with cashews, ghee and carrot, a Bengaluru invention.', { calories: 260 }),
            dish('Thatte Idli', 6000, 'Veg', 'One large, plate-sized idli served with benne and podi.', { calories: 280 }),
            dish('Sambar Vada', 7000, 'Veg', 'Two vadas soaked in hot sambar and topped with onions.', { calories: 330, art: 'bowl' }),
          ],
        },
        {
          name: 'Dosa',
          items: [
            dish('Masala Dosa', 9000, 'Veg', 'A golden crisp dosa filled with potato palya and red chutney.', {
              tags: ['Bestseller'],
              calories: 420,
              modifiers: [dosaAddOns],
            }),
            dish('Plain Dosa', 7000, 'Veg', 'A thin, crisp rice and lentil crêpe.', { calories: 250, modifiers: [dosaAddOns] }),
            dish('Mysore Masala Dosa', 10000, 'Veg', 'Dosa spread with fiery red garlic chutney and potato palya.', {
              tags: ['Spicy'],
              calories: 460,
              modifiers: [pickOne('Spice level', [['Mild'], ['Medium'], ['Spicy']], 1), dosaAddOns],
            }),
            dish('Set Dosa', 8000, 'Veg', 'Three soft, spongy dosas with vegetable sagu.', { calories: 380 }),
            dish('Neer Dosa', 8000, 'Veg', 'Lacy Mangalorean rice crêpes with coconut chutney.', { calories: 240, stockQuantity: 6, alertQuantity: 8 }),
            dish('Onion Uttapam', 9000, 'Veg', 'A thick rice pancake topped with onions and green chillies.', { calories: 400 }),
            dish('Rava Masala Dosa', 10500, 'Veg', 'A crisp, lacy semolina dosa with cumin and pepper.', { calories: 450 }),
            dish('Benne Masala Dosa', 11000, 'Veg', 'The Davangere-style dosa cooked in generous white butter.', { tags: [CHEF], calories: 540 }),
          ],
        },
      ],
      items: [
        dish('Akki Roti', 8000, 'Veg', 'Rice flour flatbread with dill and onion, made on weekends only.', { display: 0 }),
      ],
    },
    {
      name: 'Rice & Meals',
      description: 'From noon, on a banana leaf.',
      art: 'bowl',
      items: [
        dish('South Indian Meals', 18000, 'Veg', 'A full banana-leaf meal with rice, sambar, rasam, palya, curd and payasam, refilled at the table.', {
          tags: ['Bestseller'],
          calories: 950,
          orderTypeCodes: ['dinein'],
          art: 'plate',
        }),
        dish('Bisi Bele Bath', 9000, 'Veg', 'Rice, lentils and vegetables cooked with tamarind and a special masala.', { calories: 480 }),
        dish('Curd Rice', 7000, 'Veg', 'Soft rice mixed with yoghurt, tempered with mustard and ginger.', { tags: ['Jain option'], calories: 340 }),
        dish('Lemon Rice', 7000, 'Veg', 'Rice tossed with lemon, peanuts and turmeric.', { calories: 360 }),
        dish('Puliyogare', 7500, 'Veg', 'Tangy tamarind rice with roasted peanuts and jaggery.', { calories: 410 }),
        dish('Ven Pongal', 8000, 'Veg', 'Rice and moong dal cooked with ghee, pepper and cashews.', {
          calories: 430,
          modifiers: [pickMany('Extras', [['Extra ghee', 1500], ['Vada on the side', 3000]], 2)],
        }),
        dish('Staff Meals', 4000, 'Veg', 'Rice, sambar and palya for the team between services.', { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Chaats & Snacks',
      description: 'Evening favourites from 4 pm.',
      art: 'plate',
      items: [
        dish('Mangalore Bajji', 6000, 'Veg', 'Fluffy fried maida and curd fritters, also called goli baje.', { calories: 330 }),
        dish('Masala Puri', 7000, 'Veg', 'Crushed puris drowned in a hot pea gravy with onion and sev.', { calories: 380, art: 'bowl' }),
        dish('Khara Bath', 6000, 'Veg', 'Savoury semolina upma with vegetables and ghee.', { calories: 350 }),
        dish('Mirchi Bajji', 5500, 'Veg', 'Large green chillies dipped in besan batter and fried.', { tags: ['Spicy'], calories: 290 }),
      ],
    },
    {
      name: 'Sweets',
      description: 'Made every morning in our kitchen.',
      art: 'plate',
      items: [
        dish('Kesari Bath', 5500, 'Veg', 'Saffron semolina halwa with ghee and cashews.', { calories: 360 }),
        dish('Mysore Pak', 6000, 'Veg', 'The classic gram-flour and ghee sweet, two pieces.', { calories: 420, stockQuantity: 5, alertQuantity: 6 }),
        dish('Semiya Payasam', 6500, 'Veg', 'Vermicelli simmered in milk with cardamom and raisins.', { calories: 310, art: 'bowl' }),
        dish('Holige', 7000, 'Veg', 'Sweet flatbread filled with chana dal and jaggery, for festivals.', { display: 0 }),
      ],
    },
    {
      name: 'Beverages',
      description: 'Filter coffee, the way Bengaluru likes it.',
      art: 'cup',
      items: [
        dish('Filter Coffee', 4000, 'Veg', 'Chicory-blend decoction with frothy boiled milk in a davara tumbler.', {
          tags: ['Bestseller'],
          calories: 110,
          modifiers: [sugarLevel],
        }),
        dish('Badam Milk', 6000, 'Veg', 'Warm almond milk with saffron and cardamom.', { calories: 240, modifiers: [pickOne('Serve', [['Hot'], ['Chilled']])] }),
        dish('Rose Milk', 5500, 'Veg', 'Chilled milk with rose syrup and basil seeds.', { calories: 210, art: 'glass' }),
        dish('Neer Majjige', 3500, 'Veg', 'Spiced buttermilk with ginger, green chilli and curry leaves.', { calories: 60, art: 'glass' }),
        dish('Tender Coconut', 6000, 'Veg', 'Fresh tender coconut water, served in the shell.', { calories: 45, stockQuantity: 0, image: false }),
      ],
    },
  ],
}

const kaapiMilk = pickOne('Milk', [["Cow's milk"], ['Oat milk', 4000], ['Almond milk', 5000]])

/** Kaapi Katte: a Church Street café for filter coffee and bakes. */
export const KAAPI_CAFE: MenuTemplate = {
  key: 'kaapi-cafe',
  currency: 'INR',
  categories: [
    {
      name: 'Coffee',
      description: 'Beans from estates in Chikmagalur and Coorg, roasted every week.',
      art: 'cup',
      subCategories: [
        {
          name: 'Filter kaapi',
          items: [
            dish('Classic Filter Kaapi', 8000, 'Veg', 'Peaberry and chicory decoction with frothy milk in a brass davara.', {
              tags: ['Bestseller'],
              calories: 120,
              modifiers: [pickOne('Decoction', [['Light'], ['Regular'], ['Strong']], 1), kaapiMilk],
            }),
            dish('Jaggery Kaapi', 9000, 'Veg', 'Filter coffee sweetened with organic Mandya jaggery.', { calories: 140, modifiers: [kaapiMilk] }),
            dish('Cold Kaapi Tonic', 16000, 'Veg', 'Filter decoction poured over tonic water and orange.', { calories: 90, art: 'glass' }),
            dish('Filter Kaapi Flight', 22000, 'Veg', 'Three tumblers from three estates, served with a tasting card at the table.', {
              tags: [CHEF],
              calories: 300,
              orderTypeCodes: ['dinein'],
            }),
          ],
        },
        {
          name: 'Espresso',
          items: [
            dish('Espresso', 11000, 'Veg', 'A double shot of our Baba Budangiri single origin.', { calories: 5 }),
            dish('Cappuccino', 16000, 'Veg', 'Espresso with velvety milk foam.', { calories: 130, modifiers: [kaapiMilk] }),
            dish('Café Latte', 17000, 'Veg', 'Espresso with steamed milk and a thin foam.', {
              calories: 190,
              modifiers: [pickOne('Size', [['Regular'], ['Large', 4000]]), kaapiMilk],
            }),
            dish('Cardamom Mocha', 19000, 'Veg', 'Espresso, dark chocolate and a pinch of cardamom.', { calories: 280 }),
            dish('Iced Americano', 15000, 'Veg', 'Espresso over ice and cold water.', { calories: 10, art: 'glass' }),
          ],
        },
      ],
      items: [
        dish('Staff Kaapi', 0, 'Veg', 'A tumbler of filter coffee for the team on shift.', { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Tea',
      description: 'Chai and estate teas.',
      art: 'cup',
      items: [
        dish('Masala Chai', 7000, 'Veg', 'Assam tea boiled with milk, ginger and cardamom.', { calories: 120, modifiers: [pickOne('Sugar', [['Regular'], ['Less sugar'], ['No sugar']])] }),
        dish('Nilgiri Black Tea', 9000, 'Veg', 'A bright, brisk orthodox tea from the Nilgiris, by the pot.', { calories: 0 }),
        dish('Lemongrass Ginger Tea', 9000, 'Veg', 'Caffeine-free infusion of lemongrass and fresh ginger.', { calories: 10 }),
        dish('Iced Hibiscus Tea', 12000, 'Veg', 'Hibiscus and orange peel brewed cold, lightly sweetened.', { calories: 60, art: 'glass' }),
        dish('Ragi Malt', 8000, 'Veg', 'Warm finger-millet porridge drink with jaggery, on monsoon mornings.', { display: 0 }),
      ],
    },
    {
      name: 'Bakes',
      description: 'Baked in-house every morning.',
      art: 'plate',
      items: [
        dish('Banana Walnut Bread', 12000, 'Egg', 'Moist banana bread with toasted walnuts.', { calories: 330 }),
        dish('Butter Croissant', 13000, 'Veg', 'A flaky croissant made with Amul butter.', { calories: 270 }),
        dish('Eggless Chocolate Brownie', 14000, 'Veg', 'A fudgy brownie with dark chocolate chunks.', { tags: ['Bestseller', 'Jain option'], calories: 360 }),
        dish('Coconut Cardamom Cake', 13000, 'Egg', 'A tender sponge with fresh coconut and cardamom.', { calories: 310, stockQuantity: 3, alertQuantity: 4 }),
        dish('Ragi Cookies', 9000, 'Veg', 'Crunchy finger-millet and jaggery cookies, three to a pack.', { calories: 220, stockQuantity: 0 }),
      ],
    },
    {
      name: 'Small Bites',
      description: 'Quick savoury snacks.',
      art: 'plate',
      items: [
        dish('Masala Bun', 8000, 'Veg', 'Soft bun stuffed with spiced potato and peas.', { calories: 280 }),
        dish('Podi Cheese Toast', 15000, 'Veg', 'Sourdough with gunpowder podi and melted cheese.', { tags: ['Spicy'], calories: 390 }),
        dish('Bombay Chutney Sandwich', 12000, 'Veg', 'Cucumber, tomato and beetroot with green chutney on white bread.', { calories: 300 }),
        dish('Egg Bhurji Pav', 16000, 'Egg', 'Spiced scrambled eggs with two buttered pavs.', {
          calories: 480,
          modifiers: [pickMany('Extras', [['Extra pav', 3000], ['Cheese', 4000]], 2)],
        }),
      ],
    },
    {
      name: 'Bowls & Wraps',
      description: 'Lunch, from noon.',
      art: 'bowl',
      items: [
        dish('Paneer Kathi Roll', 22000, 'Veg', 'Tandoori paneer and pickled onions rolled in a flaky paratha.', { calories: 520, art: 'plate' }),
        dish('Chicken Pesto Sandwich', 26000, 'Non-veg', 'Grilled chicken, basil pesto and mozzarella on focaccia.', { calories: 560, art: 'plate' }),
        dish('Millet Buddha Bowl', 28000, 'Veg', 'Foxtail millet, roasted vegetables, sprouts and a peanut dressing.', { tags: ['Vegan'], calories: 470 }),
        dish('Akki Roti & Chutney', 18000, 'Veg', 'Karnataka rice-flour flatbread with coconut chutney and ennegai.', { calories: 420, art: 'plate' }),
      ],
    },
    {
      name: 'Coolers',
      description: 'For the Bengaluru afternoon.',
      art: 'glass',
      items: [
        dish('Cold Coffee', 18000, 'Veg', 'Filter decoction blended with milk and ice.', {
          calories: 310,
          modifiers: [pickMany('Add-ons', [['Vanilla ice cream', 5000], ['Extra shot', 4000], ['Whipped cream', 3000]], 3)],
        }),
        dish('Mango Lassi', 15000, 'Veg', 'Alphonso mango blended with thick curd, while mangoes are in season.', { display: 0 }),
        dish('Kokum Sharbat', 10000, 'Veg', 'A tangy, cooling kokum cooler with roasted cumin.', { calories: 90 }),
      ],
    },
  ],
}
