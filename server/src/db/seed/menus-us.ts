import { dish, maybeOne, pickMany, pickOne, type MenuTemplate } from './menu-types'

const ALCOHOL_TAX_BP = 1000
const CHEF = "Chef's special"

const pizzaSize = pickOne('Size', [['10" personal'], ['14" to share', 600]])
const pizzaToppings = pickMany(
  'Extra toppings',
  [['Prosciutto', 500], ['Roasted mushrooms', 250], ['Chili honey', 200], ['Burrata', 600]],
  3,
)
const entreeSide = pickOne('Side', [['Roasted potatoes'], ['Charred broccolini'], ['Little gem salad']])

/** Olive Tree: Californian-Italian, wood-fired, market driven. */
export const CALIFORNIAN_ITALIAN: MenuTemplate = {
  key: 'californian-italian',
  currency: 'USD',
  categories: [
    {
      name: 'Starters',
      description: 'Small plates from the market and the fryer, made for sharing.',
      art: 'plate',
      items: [
        dish('Burrata & Heirloom Tomatoes', 1800, 'Veg', 'Creamy Puglian burrata over heirloom tomatoes with basil oil and grilled sourdough.', { tags: ['Bestseller'], calories: 520 }),
        dish('Crispy Calamari', 1700, 'Non-veg', 'Rice-flour dusted squid with Calabrian chili aioli and charred lemon.', { calories: 610 }),
        dish('Little Gem Caesar', 1500, 'Non-veg', 'Little gem lettuce, garlic breadcrumbs, parmigiano and an anchovy-lemon dressing.', {
          calories: 430,
          modifiers: [pickMany('Add protein', [['Grilled chicken', 600], ['Seared shrimp', 800], ['Avocado', 300]], 2)],
        }),
        dish('Roasted Beet Salad', 1450, 'Veg', 'Golden and red beets with whipped goat cheese, pistachios and blood orange.', { tags: ['Gluten-free'], calories: 380 }),
        dish('Saffron Arancini', 1300, 'Veg', 'Crisp saffron risotto balls stuffed with mozzarella, served with warm marinara.', { calories: 540 }),
      ],
    },
    {
      name: 'Pasta',
      description: 'Made in-house every morning and finished to order.',
      art: 'bowl',
      subCategories: [
        {
          name: 'Fresh pasta',
          items: [
            dish('Cacio e Pepe', 2200, 'Veg', 'Tonnarelli tossed with pecorino romano and plenty of cracked black pepper.', {
              tags: ['Bestseller'],
              calories: 780,
              modifiers: [maybeOne('Pasta', [['Gluten-free penne', 300]])],
            }),
            dish('Rigatoni alla Vodka', 2400, 'Veg', 'Rigatoni in a creamy tomato-vodka sauce with a kick of Calabrian chili.', {
              tags: ['Spicy'],
              calories: 860,
              modifiers: [pickMany('Add-ons', [['Burrata', 600], ['Fennel sausage', 500], ['Extra parmigiano', 200]], 3)],
            }),
            dish('Wild Mushroom Pappardelle', 2600, 'Veg', 'Hand-cut pappardelle with chanterelles, thyme and brown butter.', { tags: [CHEF], calories: 820 }),
            dish('Spaghetti alle Vongole', 2700, 'Non-veg', 'Manila clams, garlic, white wine and parsley over bronze-cut spaghetti.', { calories: 740 }),
            dish('Tagliatelle Bolognese', 2500, 'Non-veg', 'Egg tagliatelle with a slow-cooked beef and pork ragù.', { calories: 910 }),
          ],
        },
        {
          name: 'From the oven',
          items: [
            dish('Lasagna Verde', 2400, 'Veg', 'Spinach pasta sheets layered with béchamel, ricotta and basil pesto.', { calories: 950 }),
            dish('Baked Ziti', 2200, 'Veg', 'Ziti baked with tomato sauce, ricotta and bubbling mozzarella.', { calories: 1020, stockQuantity: 4, alertQuantity: 5 }),
          ],
        },
      ],
      items: [
        dish('White Truffle Tagliolini', 4800, 'Egg', 'Butter-glossed tagliolini under shaved Alba truffle, served only while the season lasts.', { display: 0, tags: [CHEF] }),
      ],
    },
    {
      name: 'Wood-fired Pizza',
      description: 'Naturally leavened dough, blistered in our almond-wood oven.',
      art: 'plate',
      items: [
        dish('Margherita', 1900, 'Veg', 'San Marzano tomato, fior di latte, basil and a drizzle of olive oil.', {
          tags: ['Bestseller'],
          calories: 880,
          modifiers: [pizzaSize, pizzaToppings],
        }),
        dish('Diavola', 2200, 'Non-veg', 'Spicy soppressata, tomato, mozzarella and chili flakes.', { tags: ['Spicy'], calories: 990, modifiers: [pizzaSize] }),
        dish('Funghi e Tartufo', 2400, 'Veg', 'Roasted mushrooms, fontina, thyme and a finish of truffle oil.', { calories: 940, modifiers: [pizzaSize, pizzaToppings] }),
        dish('Prosciutto & Arugula', 2500, 'Non-veg', 'Prosciutto di Parma, wild arugula and shaved parmigiano on a white base.', { calories: 960 }),
        dish('California Garden', 2100, 'Veg', 'Zucchini, cherry tomatoes, Castelvetrano olives and basil pesto on a thin crust.', { calories: 820 }),
      ],
    },
    {
      name: 'Mains',
      description: 'Larger plates from the grill and the stove.',
      art: 'plate',
      items: [
        dish('Chicken Piccata', 2900, 'Non-veg', 'Pan-seared chicken breast with lemon, capers and white wine butter.', { calories: 720, modifiers: [entreeSide] }),
        dish('Grilled King Salmon', 3400, 'Non-veg', 'Pacific king salmon with crushed fingerling potatoes, blistered tomatoes and salsa verde.', {
          tags: ['Gluten-free'],
          calories: 680,
          modifiers: [entreeSide],
        }),
        dish('Eggplant Parmigiana', 2600, 'Veg', 'Layers of crisp eggplant, marinara and melted mozzarella.', { calories: 790 }),
        dish('Bistecca for Two', 8800, 'Non-veg', 'A dry-aged ribeye for two, carved at the table and finished with rosemary salt.', {
          tags: [CHEF],
          calories: 1600,
          orderTypeCodes: ['dinein'],
          modifiers: [pickOne('Temperature', [['Rare'], ['Medium rare'], ['Medium'], ['Medium well']], 1)],
        }),
        dish('Family Meal', 800, 'Veg', "The kitchen's pasta of the day for team members on shift.", { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Desserts',
      description: 'Baked in-house by our pastry team.',
      art: 'plate',
      items: [
        dish('Tiramisu', 1200, 'Egg', 'Espresso-soaked ladyfingers layered with mascarpone cream and cocoa.', { tags: ['Bestseller'], calories: 450 }),
        dish('Olive Oil Cake', 1100, 'Egg', 'A moist citrus olive oil cake with whipped crème fraîche.', { calories: 410 }),
        dish('Affogato', 900, 'Veg', 'Vanilla bean gelato drowned in a shot of hot espresso.', { calories: 240, art: 'cup' }),
        dish('Seasonal Panna Cotta', 1000, 'Veg', "Vanilla bean panna cotta with the week's market fruit.", { calories: 330, stockQuantity: 0 }),
        dish('Holiday Panettone', 1400, 'Egg', 'A toasted slice of house panettone with mascarpone, back every December.', { display: 0 }),
      ],
    },
    {
      name: 'Drinks',
      description: 'Italian wines by the glass, a few cocktails and house sodas.',
      art: 'glass',
      items: [
        dish('Meyer Lemonade', 600, 'Veg', 'Fresh-squeezed Meyer lemonade with a sprig of basil.', { calories: 140 }),
        dish('San Pellegrino', 700, 'Veg', 'Sparkling mineral water, 750 ml bottle.', { calories: 0, image: false }),
        dish('Negroni', 1500, 'Veg', 'Gin, Campari and sweet vermouth stirred over a large cube.', { taxBp: ALCOHOL_TAX_BP, calories: 200, art: 'cocktail' }),
        dish("Montepulciano d'Abruzzo", 1400, 'Veg', 'A plush, cherry-driven red from Abruzzo, by the glass.', {
          taxBp: ALCOHOL_TAX_BP,
          calories: 125,
          modifiers: [pickOne('Pour', [['Glass (6 oz)'], ['Carafe (half bottle)', 1800]])],
        }),
        dish('Pinot Grigio', 1300, 'Veg', 'Crisp and floral white from Alto Adige, by the glass.', { taxBp: ALCOHOL_TAX_BP, calories: 120 }),
      ],
    },
  ],
}

const cafeSize = pickOne('Size', [['8 oz'], ['12 oz', 75], ['16 oz', 125]])
const milkChoice = pickOne('Milk', [['Whole milk'], ['Oat milk', 75], ['Almond milk', 75], ['Skim milk']])
const syrups = pickMany('Syrup', [['Vanilla', 75], ['Caramel', 75], ['Hazelnut', 75]], 2)

/** Brew Lab: a third-wave espresso bar with a bakery case. */
export const CAFE_US: MenuTemplate = {
  key: 'cafe-us',
  currency: 'USD',
  categories: [
    {
      name: 'Espresso Bar',
      description: 'Seasonal espresso from our own roastery on Alabama Street.',
      art: 'cup',
      subCategories: [
        {
          name: 'Classics',
          items: [
            dish('Espresso', 350, 'Veg', 'A double shot of our seasonal espresso blend.', { calories: 5, modifiers: [maybeOne('Extra shot', [['Add a shot', 125]])] }),
            dish('Cortado', 450, 'Veg', 'Equal parts espresso and steamed milk, served in a small glass.', { calories: 60, modifiers: [milkChoice] }),
            dish('Cappuccino', 500, 'Veg', 'Espresso under a thick layer of velvety microfoam.', { tags: ['Bestseller'], calories: 120, modifiers: [cafeSize, milkChoice] }),
            dish('Latte', 550, 'Veg', 'Espresso with silky steamed milk and a thin layer of foam.', { calories: 190, modifiers: [cafeSize, milkChoice, syrups] }),
            dish('Flat White', 525, 'Veg', 'Ristretto shots with finely textured whole milk.', { calories: 110, modifiers: [milkChoice] }),
            dish('Americano', 400, 'Veg', 'Espresso lengthened with hot water.', { calories: 10, modifiers: [cafeSize] }),
          ],
        },
        {
          name: 'Signatures',
          items: [
            dish('Lavender Honey Latte', 650, 'Veg', 'House lavender syrup, local honey and espresso with oat milk.', { tags: [CHEF], calories: 210, modifiers: [cafeSize] }),
            dish('Cardamom Cold Brew', 600, 'Veg', 'Slow-steeped cold brew shaken with cardamom cream.', { calories: 150, art: 'glass' }),
            dish('Mocha', 600, 'Veg', 'Espresso, dark chocolate ganache and steamed milk.', { calories: 290, modifiers: [milkChoice] }),
          ],
        },
      ],
      items: [
        dish('Pumpkin Spice Latte', 650, 'Veg', 'Real roasted pumpkin, warm spices and espresso, back every autumn.', { display: 0, calories: 300 }),
        dish('Eggnog Latte', 675, 'Egg', 'Steamed eggnog with espresso and fresh nutmeg for the holidays.', { display: 0, calories: 380 }),
        dish('Barista Shift Drink', 0, 'Veg', 'Any espresso drink on the house for the team on shift.', { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Brew Bar & Tea',
      description: 'Single origins brewed by hand, and loose-leaf teas.',
      art: 'cup',
      items: [
        dish('Pour-over of the Day', 600, 'Veg', 'A single-origin coffee brewed to order on the V60.', { calories: 5 }),
        dish('Matcha Latte', 600, 'Veg', 'Ceremonial-grade matcha whisked with steamed milk.', { calories: 180, modifiers: [milkChoice] }),
        dish('Chai Latte', 550, 'Veg', 'House-spiced black tea concentrate with steamed milk.', { calories: 220, modifiers: [milkChoice] }),
        dish('Earl Grey', 450, 'Veg', 'Bergamot-scented black tea, served by the pot.', { calories: 0 }),
        dish('Hot Chocolate', 500, 'Veg', 'Dark chocolate melted into steamed milk with a house marshmallow.', { calories: 340 }),
      ],
    },
    {
      name: 'Breakfast',
      description: 'Served until 2 pm.',
      art: 'plate',
      items: [
        dish('Avocado Toast', 1200, 'Veg', 'Smashed avocado, chili flakes and lemon on toasted levain.', {
          tags: ['Bestseller'],
          calories: 420,
          modifiers: [pickMany('Add-ons', [['Soft-boiled egg', 200], ['Smoked salmon', 500], ['Feta', 150]], 3)],
        }),
        dish('Breakfast Burrito', 1300, 'Egg', 'Scrambled eggs, crispy potatoes, cheddar and salsa roja in a flour tortilla.', { calories: 780 }),
        dish('Overnight Oats', 900, 'Veg', 'Rolled oats soaked in oat milk with berries and toasted almonds.', { tags: ['Vegan'], calories: 360, art: 'bowl' }),
        dish('Shakshuka', 1400, 'Egg', 'Eggs baked in a spiced tomato and pepper sauce, with sourdough for dipping.', { calories: 520, orderTypeCodes: ['dinein'] }),
      ],
    },
    {
      name: 'Pastries',
      description: 'Out of the oven by 7 am, until they run out.',
      art: 'plate',
      items: [
        dish('Butter Croissant', 425, 'Veg', 'A flaky all-butter croissant baked every morning.', { tags: ['Bestseller'], calories: 270 }),
        dish('Almond Croissant', 550, 'Veg', 'A twice-baked croissant filled with almond frangipane.', { calories: 420, stockQuantity: 3, alertQuantity: 4 }),
        dish('Morning Bun', 500, 'Veg', 'Laminated dough rolled with orange zest and cinnamon sugar.', { calories: 380 }),
        dish('Banana Bread', 450, 'Egg', 'Moist banana bread with walnuts and a crackly top.', { calories: 330 }),
        dish('Brown Butter Cookie', 375, 'Egg', 'Chewy brown butter cookie with dark chocolate chunks and sea salt.', { calories: 290 }),
        dish('Blueberry Scone', 450, 'Egg', 'A buttery scone packed with wild blueberries and lemon glaze.', { calories: 360, stockQuantity: 0 }),
      ],
    },
    {
      name: 'Cold Drinks',
      description: 'Iced, fresh and bottled.',
      art: 'glass',
      items: [
        dish('Iced Latte', 575, 'Veg', 'Double espresso over ice with cold milk.', { calories: 150, modifiers: [milkChoice, syrups] }),
        dish('Fresh Orange Juice', 600, 'Veg', 'Valencia oranges squeezed to order.', { calories: 160 }),
        dish('Sparkling Yerba Mate', 450, 'Veg', 'Lightly sweetened sparkling yerba mate with lime.', { calories: 90, image: false }),
      ],
    },
  ],
}

const tortilla = pickOne('Tortilla', [['Corn'], ['Flour']])
const burritoFilling = pickOne('Filling', [['Al pastor'], ['Carne asada', 100], ['Pollo asado'], ['Roasted vegetables']])
const burritoExtras = pickMany('Extras', [['Guacamole', 250], ['Sour cream', 75], ['Extra cheese', 100]], 3)

/** El Camino: a Mission-style taco truck. */
export const TACO_TRUCK: MenuTemplate = {
  key: 'taco-truck',
  currency: 'USD',
  categories: [
    {
      name: 'Tacos',
      description: 'Handmade tortillas, pressed to order. Two salsas on every taco.',
      art: 'taco',
      subCategories: [
        {
          name: 'Carnes',
          items: [
            dish('Al Pastor Taco', 450, 'Non-veg', 'Achiote-marinated pork off the trompo with pineapple, onion and cilantro.', {
              tags: ['Bestseller'],
              calories: 230,
              modifiers: [tortilla],
            }),
            dish('Carne Asada Taco', 500, 'Non-veg', 'Grilled citrus-marinated steak with salsa verde.', { calories: 250, modifiers: [tortilla] }),
            dish('Pollo Asado Taco', 425, 'Non-veg', 'Charred chicken thigh with chipotle crema.', { calories: 210, modifiers: [tortilla] }),
            dish('Carnitas Taco', 450, 'Non-veg', 'Slow-braised pork shoulder crisped on the plancha.', { calories: 240 }),
            dish('Birria Taco', 550, 'Non-veg', 'Beef braised in guajillo broth, with consommé for dipping.', { tags: [CHEF], calories: 310 }),
          ],
        },
        {
          name: 'Mariscos',
          items: [
            dish('Baja Fish Taco', 550, 'Non-veg', 'Beer-battered rockfish with cabbage slaw and lime crema.', { calories: 280 }),
            dish('Camarón Taco', 600, 'Non-veg', 'Garlic-chili shrimp with mango pico de gallo.', { tags: ['Spicy'], calories: 220 }),
          ],
        },
        {
          name: 'Verduras',
          items: [
            dish('Rajas con Crema Taco', 400, 'Veg', 'Roasted poblano strips with sweet corn and crema.', { calories: 190 }),
            dish('Hongos Taco', 400, 'Veg', 'Sautéed mushrooms with epazote and queso fresco.', { calories: 180 }),
            dish('Coliflor al Pastor Taco', 400, 'Veg', 'Achiote-roasted cauliflower with grilled pineapple.', { tags: ['Vegan'], calories: 160 }),
          ],
        },
      ],
      items: [
        dish('Lengua Taco', 550, 'Non-veg', 'Tender braised beef tongue with salsa verde, on Saturdays only.', { display: 0 }),
      ],
    },
    {
      name: 'Burritos & Bowls',
      description: 'Big enough for lunch and dinner.',
      art: 'bowl',
      items: [
        dish('Mission Burrito', 1300, 'Non-veg', 'Rice, beans, your filling, salsa and guacamole rolled in a flour tortilla.', {
          tags: ['Bestseller'],
          calories: 980,
          modifiers: [burritoFilling, burritoExtras],
        }),
        dish('Burrito Bowl', 1300, 'Non-veg', 'All the burrito fillings over cilantro-lime rice, no tortilla.', { calories: 760, modifiers: [burritoFilling, burritoExtras] }),
        dish('California Burrito', 1400, 'Non-veg', 'Carne asada, french fries, cheese and pico de gallo.', { calories: 1150, modifiers: [burritoExtras] }),
        dish('Crew Plate', 500, 'Non-veg', 'Rice, beans and two tacos for the crew between services.', { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Quesadillas & More',
      description: 'Off the griddle.',
      art: 'plate',
      items: [
        dish('Quesadilla', 900, 'Veg', 'A flour tortilla griddled with stretchy Oaxaca cheese.', {
          calories: 640,
          modifiers: [maybeOne('Add filling', [['Al pastor', 300], ['Carne asada', 350], ['Mushrooms', 200]])],
        }),
        dish('Elote', 500, 'Veg', 'Grilled corn with mayo, cotija, chili and lime.', { calories: 290 }),
        dish('Nachos Supremos', 1100, 'Veg', 'Tortilla chips with black beans, queso, jalapeños and crema.', { tags: ['Spicy'], calories: 920 }),
      ],
    },
    {
      name: 'Sides & Salsas',
      description: 'Made fresh every morning.',
      art: 'bowl',
      items: [
        dish('Chips & Guacamole', 750, 'Veg', 'Warm tortilla chips with guacamole mashed to order.', { calories: 560 }),
        dish('Rice & Beans', 400, 'Veg', 'Cilantro-lime rice with refried pinto beans.', { calories: 420 }),
        dish('Salsa Trio', 500, 'Veg', 'Salsa roja, salsa verde and a fiery habanero salsa with chips.', { tags: ['Spicy'], calories: 310 }),
      ],
    },
    {
      name: 'Drinks',
      description: 'Aguas frescas and Mexican sodas.',
      art: 'glass',
      items: [
        dish('Horchata', 450, 'Veg', 'Chilled rice and cinnamon agua fresca.', { calories: 220 }),
        dish('Agua de Jamaica', 450, 'Veg', 'Tart hibiscus agua fresca, lightly sweetened.', { calories: 120 }),
        dish('Mexican Coke', 400, 'Veg', 'Glass-bottled Coca-Cola made with cane sugar.', { calories: 150, image: false }),
        dish('Jarritos', 350, 'Veg', 'Fruit-flavoured Mexican soda.', { calories: 170, modifiers: [pickOne('Flavour', [['Tamarind'], ['Mandarin'], ['Lime']])] }),
        dish('Michelada', 900, 'Veg', 'Mexican lager with lime, chili salt and salsa, once our licence comes through.', {
          display: 0,
          taxBp: ALCOHOL_TAX_BP,
        }),
      ],
    },
    {
      name: 'Sweets',
      description: 'Something sweet for the road.',
      art: 'plate',
      items: [
        dish('Churros', 600, 'Egg', 'Cinnamon-sugar churros with a chocolate dipping sauce.', { calories: 410, stockQuantity: 12, alertQuantity: 10 }),
        dish('Tres Leches Cup', 550, 'Egg', 'Sponge cake soaked in three milks and topped with cream.', { calories: 380, stockQuantity: 0 }),
      ],
    },
  ],
}

const burgerSide = pickOne('Side', [['Fries'], ['Onion rings', 200], ['Side salad'], ['Sweet potato fries', 150]])
const burgerAddOns = pickMany('Add-ons', [['Bacon', 250], ['Fried egg', 200], ['Avocado', 250], ['Extra patty', 400]], 3)
const doneness = pickOne('Doneness', [['Medium rare'], ['Medium'], ['Well done']], 1)

/** Empire Burger: a round-the-clock Midtown diner. */
export const BURGER_DINER: MenuTemplate = {
  key: 'burger-diner',
  currency: 'USD',
  categories: [
    {
      name: 'Burgers',
      description: 'Fresh-ground chuck and brisket on a toasted potato bun, served with a side.',
      art: 'burger',
      subCategories: [
        {
          name: 'Beef',
          items: [
            dish('Empire Classic', 1400, 'Non-veg', 'Two smashed patties, American cheese, pickles, onions and diner sauce.', {
              tags: ['Bestseller'],
              calories: 980,
              modifiers: [burgerSide, burgerAddOns],
            }),
            dish('Bacon Cheddar Burger', 1600, 'Non-veg', 'A half-pound patty with aged cheddar and thick-cut applewood bacon.', {
              calories: 1180,
              modifiers: [doneness, burgerSide],
            }),
            dish('Mushroom Swiss Burger', 1550, 'Non-veg', 'Sautéed cremini mushrooms and melted Swiss on a half-pound patty.', { calories: 1050, modifiers: [doneness, burgerSide] }),
            dish('Patty Melt', 1500, 'Non-veg', 'A beef patty with Swiss and caramelized onions on griddled rye.', { calories: 1020, art: 'plate' }),
            dish('Jalapeño Popper Burger', 1650, 'Non-veg', 'Cream cheese, roasted jalapeños and pepper jack on a half-pound patty.', {
              tags: ['Spicy'],
              calories: 1140,
              modifiers: [burgerSide],
            }),
          ],
        },
        {
          name: 'Chicken & Veggie',
          items: [
            dish('Crispy Chicken Sandwich', 1450, 'Non-veg', 'Buttermilk-fried chicken thigh, slaw and pickles on a brioche bun.', { calories: 890, modifiers: [burgerSide] }),
            dish('Nashville Hot Chicken', 1550, 'Non-veg', 'Fried chicken brushed with cayenne oil, with pickles and comeback sauce.', {
              tags: ['Spicy'],
              calories: 940,
              modifiers: [pickOne('Heat', [['Mild'], ['Medium'], ['Nashville hot']], 1), burgerSide],
            }),
            dish('Beyond Burger', 1550, 'Veg', 'A plant-based patty with lettuce, tomato and vegan mayo.', { tags: ['Vegan'], calories: 710, modifiers: [burgerSide] }),
            dish('Black Bean Burger', 1350, 'Veg', 'House black bean and corn patty with chipotle mayo.', { calories: 640 }),
          ],
        },
      ],
      items: [
        dish('Pastrami Burger', 1800, 'Non-veg', 'Our limited-time burger piled with hot pastrami and spicy mustard.', { display: 0 }),
      ],
    },
    {
      name: 'Breakfast All Day',
      description: 'Eggs, griddle and bagels, any hour of the day or night.',
      art: 'plate',
      items: [
        dish('Two Eggs Any Style', 1200, 'Egg', 'Two eggs with home fries, toast and your choice of bacon or sausage.', {
          calories: 820,
          modifiers: [pickOne('Eggs', [['Scrambled'], ['Sunny side up'], ['Over easy'], ['Poached']]), pickOne('Side meat', [['Bacon'], ['Pork sausage'], ['Turkey sausage']])],
        }),
        dish('Buttermilk Pancakes', 1100, 'Egg', 'A stack of three with whipped butter and maple syrup.', {
          tags: ['Bestseller'],
          calories: 900,
          modifiers: [pickMany('Toppings', [['Blueberries', 200], ['Chocolate chips', 150], ['Banana', 150]], 2)],
        }),
        dish('Western Omelette', 1300, 'Egg', 'Ham, peppers, onions and cheddar folded into three eggs.', { calories: 760 }),
        dish('Chicken & Waffles', 1700, 'Non-veg', 'Fried chicken on a Belgian waffle with hot honey.', { calories: 1250 }),
        dish('Lox Bagel', 1400, 'Non-veg', 'Everything bagel with scallion cream cheese, lox, capers and red onion.', { calories: 620 }),
      ],
    },
    {
      name: 'Sandwiches',
      description: 'Stacked high, served with a pickle spear.',
      art: 'plate',
      items: [
        dish('Reuben', 1700, 'Non-veg', 'Corned beef, sauerkraut, Swiss and Russian dressing on grilled rye.', { calories: 980 }),
        dish('Turkey Club', 1500, 'Non-veg', 'Roast turkey, bacon, lettuce and tomato on triple-decker toast.', { calories: 860 }),
        dish('Grilled Cheese & Tomato Soup', 1200, 'Veg', 'Cheddar and American on sourdough with a cup of tomato soup.', { calories: 780 }),
        dish('Staff Meal Combo', 600, 'Non-veg', 'Any burger with fries for the team on shift.', { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Sides',
      description: 'Fried to order.',
      art: 'bowl',
      items: [
        dish('French Fries', 500, 'Veg', 'Skin-on fries with sea salt.', { calories: 420 }),
        dish('Onion Rings', 650, 'Veg', 'Beer-battered onion rings with chipotle ranch.', { calories: 480 }),
        dish('Disco Fries', 900, 'Veg', 'Fries smothered in brown gravy and melted mozzarella, a Jersey classic.', { calories: 780 }),
        dish('Mac & Cheese', 700, 'Veg', 'Elbow macaroni in a three-cheese sauce with a crumb top.', { calories: 560 }),
        dish('Coleslaw', 400, 'Egg', 'Creamy cabbage and carrot slaw.', { calories: 180, image: false }),
      ],
    },
    {
      name: 'Shakes & Drinks',
      description: 'Hand-spun shakes and fountain classics.',
      art: 'glass',
      items: [
        dish('Black & White Shake', 800, 'Veg', 'Vanilla ice cream spun with chocolate syrup.', {
          calories: 720,
          modifiers: [pickMany('Extras', [['Whipped cream'], ['Malt powder', 100], ['Extra scoop', 200]], 3)],
        }),
        dish('Strawberry Shake', 800, 'Veg', 'Vanilla ice cream spun with fresh strawberries.', { calories: 690 }),
        dish('Bottomless Coffee', 350, 'Veg', 'Diner coffee, refilled at your table as long as you stay.', { calories: 5, orderTypeCodes: ['dinein'], art: 'cup' }),
        dish('Egg Cream', 550, 'Veg', "Brooklyn's classic: chocolate syrup, cold milk and seltzer.", { calories: 210 }),
        dish('Brooklyn Lager', 800, 'Veg', 'A crisp amber lager from across the river, 12 oz bottle.', { taxBp: ALCOHOL_TAX_BP, calories: 160 }),
      ],
    },
    {
      name: 'Pie & Desserts',
      description: 'Baked every night for the morning counter.',
      art: 'plate',
      items: [
        dish('Apple Pie à la Mode', 850, 'Egg', 'A warm slice of apple pie with vanilla ice cream.', { calories: 610 }),
        dish('New York Cheesecake', 900, 'Egg', 'Dense, creamy cheesecake on a graham cracker crust.', { tags: ['Bestseller'], calories: 640, stockQuantity: 5, alertQuantity: 6 }),
        dish('Cherry Pie', 800, 'Egg', 'Sour cherry pie with a lattice top.', { calories: 520, stockQuantity: 0 }),
        dish('Pumpkin Pie', 800, 'Egg', 'Spiced pumpkin custard pie, served from Thanksgiving to New Year.', { display: 0 }),
      ],
    },
  ],
}

const martiniSpirit = pickOne('Spirit', [['Gin'], ['Vodka']])
const winePour = pickOne('Pour', [['Glass (6 oz)'], ['Carafe (half bottle)', 1800]])

/** The Velvet Hour: a Lower East Side cocktail bar. */
export const COCKTAIL_BAR: MenuTemplate = {
  key: 'cocktail-bar',
  currency: 'USD',
  categories: [
    {
      name: 'Signature Cocktails',
      description: 'Our own recipes, changed with the seasons.',
      art: 'cocktail',
      subCategories: [
        {
          name: 'Stirred',
          items: [
            dish('Velvet Old Fashioned', 1900, 'Veg', 'Brown-butter washed bourbon, demerara and chocolate bitters.', { tags: ['Bestseller'], taxBp: ALCOHOL_TAX_BP, calories: 190 }),
            dish('Smoke Signal', 1900, 'Veg', 'Mezcal, Aperol, yellow Chartreuse and a rim of smoked salt.', { taxBp: ALCOHOL_TAX_BP, calories: 210 }),
            dish('Midnight Manhattan', 1800, 'Veg', 'Rye, amaro, Cherry Heering and an expressed orange peel.', { taxBp: ALCOHOL_TAX_BP, calories: 200 }),
          ],
        },
        {
          name: 'Shaken',
          items: [
            dish('Ludlow Sour', 1800, 'Egg', 'Pisco, yuzu and egg white under a float of red wine.', { taxBp: ALCOHOL_TAX_BP, calories: 180 }),
            dish('Garden Party', 1700, 'Veg', 'Cucumber gin, elderflower, lime and a splash of tonic.', { taxBp: ALCOHOL_TAX_BP, calories: 170 }),
            dish('Spicy Paloma', 1700, 'Veg', 'Blanco tequila, grapefruit, lime and jalapeño agave.', {
              tags: ['Spicy'],
              taxBp: ALCOHOL_TAX_BP,
              calories: 190,
              modifiers: [pickOne('Heat', [['Mild'], ['Medium'], ['Hot']], 1)],
            }),
            dish('Passionfruit Daiquiri', 1700, 'Veg', 'Aged rum, passionfruit and lime, shaken hard and served up.', { taxBp: ALCOHOL_TAX_BP, calories: 200 }),
          ],
        },
      ],
      items: [
        dish('Holiday Eggnog', 1600, 'Egg', 'Aged eggnog with cognac and fresh nutmeg, December only.', { display: 0, taxBp: ALCOHOL_TAX_BP }),
        dish('Summer Spritz', 1500, 'Veg', 'Rosé, Aperol and white peach soda for the warm months.', { display: 0, taxBp: ALCOHOL_TAX_BP }),
      ],
    },
    {
      name: 'Classics',
      description: 'Done the way they were meant to be.',
      art: 'cocktail',
      items: [
        dish('Negroni', 1700, 'Veg', 'Gin, Campari and sweet vermouth, stirred.', { taxBp: ALCOHOL_TAX_BP, calories: 200 }),
        dish('Martini', 1800, 'Veg', 'Ice-cold and bone dry, with your choice of garnish.', {
          taxBp: ALCOHOL_TAX_BP,
          calories: 180,
          modifiers: [martiniSpirit, pickOne('Style', [['Dry with a twist'], ['Dirty'], ['Gibson onion']])],
        }),
        dish('Margarita', 1600, 'Veg', 'Tequila, Cointreau and fresh lime.', {
          taxBp: ALCOHOL_TAX_BP,
          calories: 220,
          modifiers: [pickOne('Serve', [['On the rocks'], ['Up']]), maybeOne('Rim', [['Salt'], ['Tajín', 50]])],
        }),
        dish('Espresso Martini', 1800, 'Veg', 'Vodka, fresh espresso and coffee liqueur.', { tags: ['Bestseller'], taxBp: ALCOHOL_TAX_BP, calories: 230 }),
        dish('French 75', 1800, 'Veg', 'Gin, lemon and sugar topped with Champagne.', { taxBp: ALCOHOL_TAX_BP, calories: 170 }),
      ],
    },
    {
      name: 'Zero Proof',
      description: 'All of the craft, none of the alcohol.',
      art: 'cocktail',
      items: [
        dish('Garden Spritz', 1100, 'Veg', 'Non-alcoholic aperitivo, cucumber and soda.', { calories: 80 }),
        dish('Ginger Fizz', 1000, 'Veg', 'Fresh ginger, lemon, honey and sparkling water.', { calories: 110 }),
        dish('Cold Brew Tonic', 900, 'Veg', 'Cold brew coffee over tonic with an orange twist.', { calories: 70 }),
        dish('Staff Shift Drink', 0, 'Veg', 'A non-alcoholic drink for the team on shift.', { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Wine & Beer',
      description: 'A short, thoughtful list.',
      art: 'glass',
      items: [
        dish('Sparkling Rosé', 1600, 'Veg', 'Crémant de Loire rosé, bright and berry-scented.', { taxBp: ALCOHOL_TAX_BP, calories: 120, modifiers: [winePour] }),
        dish('Sancerre', 1800, 'Veg', 'Flinty, citrusy Sauvignon Blanc from the Loire.', { taxBp: ALCOHOL_TAX_BP, calories: 120, stockQuantity: 0 }),
        dish('Oregon Pinot Noir', 1700, 'Veg', 'Silky Willamette Valley Pinot with red cherry notes.', { taxBp: ALCOHOL_TAX_BP, calories: 125, modifiers: [winePour] }),
        dish('Local IPA', 900, 'Veg', 'A hazy IPA from a Brooklyn brewery, 16 oz draft.', { taxBp: ALCOHOL_TAX_BP, calories: 220 }),
      ],
    },
    {
      name: 'Bar Bites',
      description: 'From the kitchen until 1 am.',
      art: 'plate',
      items: [
        dish('Truffle Fries', 1200, 'Veg', 'Shoestring fries with truffle oil, parmesan and chives.', { calories: 540, art: 'bowl' }),
        dish('Fried Castelvetrano Olives', 900, 'Veg', 'Crisp stuffed olives with lemon aioli.', { calories: 320 }),
        dish('Wagyu Sliders', 1800, 'Non-veg', 'Three wagyu sliders with aged cheddar and onion jam.', { tags: [CHEF], calories: 780, stockQuantity: 6, alertQuantity: 5 }),
        dish('Burrata Toast', 1400, 'Veg', 'Grilled sourdough, burrata, roasted tomatoes and basil.', { calories: 480 }),
        dish('Crispy Cauliflower', 1200, 'Veg', 'Fried cauliflower tossed in gochujang glaze.', { tags: ['Spicy', 'Vegan'], calories: 420 }),
        dish('Cheese & Charcuterie Board', 2600, 'Non-veg', 'A board of cured meats and cheeses with pickles, honey and crackers.', {
          orderTypeCodes: ['dinein'],
          calories: 1100,
          modifiers: [
            pickMany('Choose your board', [['Manchego'], ['Triple-crème brie'], ['Prosciutto'], ['Finocchiona'], ['Aged cheddar']], 3, 3),
          ],
        }),
      ],
    },
    {
      name: 'Sweet Endings',
      description: 'For the last round.',
      art: 'plate',
      items: [
        dish('Chocolate Pot de Crème', 1100, 'Egg', 'Dark chocolate custard with whipped cream and sea salt.', { calories: 460, art: 'cup' }),
        dish('Doughnut Holes', 1000, 'Egg', 'Warm cinnamon-sugar doughnut holes with bourbon caramel.', { calories: 520 }),
      ],
    },
  ],
}

const rollRice = pickOne('Rice', [['White rice'], ['Brown rice', 100], ['Soy paper wrap', 150]])
const wasabi = pickOne('Wasabi', [["Chef's wasabi"], ['No wasabi']])

/** Hanami: an East Village sushi bar. */
export const SUSHI: MenuTemplate = {
  key: 'sushi',
  currency: 'USD',
  categories: [
    {
      name: 'Small Plates',
      description: 'To start, or to share over sake.',
      art: 'bowl',
      items: [
        dish('Edamame', 600, 'Veg', 'Steamed young soybeans with flaky sea salt.', { tags: ['Vegan'], calories: 190 }),
        dish('Miso Soup', 500, 'Veg', 'White miso broth with tofu, wakame and scallions.', { calories: 80 }),
        dish('Agedashi Tofu', 900, 'Veg', 'Lightly fried silken tofu in a warm dashi broth.', { calories: 240 }),
        dish('Pork Gyoza', 1000, 'Non-veg', 'Pan-fried pork and cabbage dumplings with chili-vinegar dip.', { calories: 360, art: 'plate' }),
        dish('Seaweed Salad', 700, 'Veg', 'Marinated wakame with sesame and cucumber.', { tags: ['Vegan'], calories: 110 }),
        dish('Chicken Karaage', 1200, 'Non-veg', 'Soy-ginger marinated fried chicken with yuzu mayo.', { tags: ['Bestseller'], calories: 520, art: 'plate' }),
      ],
    },
    {
      name: 'Nigiri & Sashimi',
      description: 'Fish flown in from Toyosu market twice a week. Nigiri are two pieces.',
      art: 'plate',
      subCategories: [
        {
          name: 'Nigiri',
          items: [
            dish('Maguro Nigiri', 900, 'Non-veg', 'Lean bluefin tuna over seasoned rice.', { calories: 140, modifiers: [wasabi] }),
            dish('Sake Nigiri', 800, 'Non-veg', 'Ora King salmon over seasoned rice.', { calories: 150, modifiers: [wasabi] }),
            dish('Hamachi Nigiri', 900, 'Non-veg', 'Buttery yellowtail with a touch of yuzu kosho.', { calories: 150 }),
            dish('Unagi Nigiri', 1000, 'Non-veg', 'Grilled freshwater eel brushed with sweet tare.', { calories: 190 }),
            dish('Hotate Nigiri', 1100, 'Non-veg', 'Hokkaido scallop with sea salt and lime zest.', { calories: 120 }),
            dish('Tamago Nigiri', 600, 'Egg', 'Sweet layered Japanese omelette.', { calories: 130 }),
          ],
        },
        {
          name: 'Sashimi',
          items: [
            dish('Salmon Sashimi', 1800, 'Non-veg', 'Six slices of Ora King salmon.', {
              calories: 240,
              modifiers: [pickMany('Extras', [['Pickled ginger'], ['Fresh wasabi', 300], ['Ponzu']], 3)],
            }),
            dish('Tuna Sashimi', 2000, 'Non-veg', 'Six slices of lean bluefin tuna.', { calories: 200 }),
            dish("Chef's Sashimi Moriawase", 4500, 'Non-veg', "Fifteen pieces of the day's best fish, plated at the counter.", {
              tags: [CHEF],
              calories: 520,
              orderTypeCodes: ['dinein'],
            }),
          ],
        },
      ],
      items: [
        dish('Otoro Nigiri', 2400, 'Non-veg', 'Fatty bluefin belly, when the market has it.', { display: 0 }),
        dish('Uni Nigiri', 2200, 'Non-veg', 'Santa Barbara sea urchin, when the market has it.', { display: 0 }),
      ],
    },
    {
      name: 'Maki Rolls',
      description: 'Cut into six or eight pieces.',
      art: 'plate',
      subCategories: [
        {
          name: 'Classic rolls',
          items: [
            dish('California Roll', 900, 'Non-veg', 'Snow crab, avocado and cucumber with tobiko.', { calories: 290, modifiers: [rollRice] }),
            dish('Spicy Tuna Roll', 1100, 'Non-veg', 'Chopped tuna with chili mayo and scallion.', {
              tags: ['Spicy', 'Bestseller'],
              calories: 320,
              modifiers: [pickOne('Spice level', [['Mild'], ['Medium'], ['Extra spicy']], 1), rollRice],
            }),
            dish('Avocado Cucumber Roll', 800, 'Veg', 'Ripe avocado and crisp cucumber with sesame.', { tags: ['Vegan'], calories: 220, modifiers: [rollRice] }),
            dish('Salmon Avocado Roll', 1000, 'Non-veg', 'Ora King salmon with avocado.', { calories: 300 }),
          ],
        },
        {
          name: 'Specialty rolls',
          items: [
            dish('Dragon Roll', 1800, 'Non-veg', 'Shrimp tempura inside, eel and avocado on top, with sweet tare.', { calories: 480 }),
            dish('Rainbow Roll', 1900, 'Non-veg', 'California roll draped with tuna, salmon, yellowtail and avocado.', { calories: 430 }),
            dish('Hanami Blossom Roll', 2100, 'Non-veg', 'Spicy salmon and cucumber wrapped in pink soy paper with seared scallop.', {
              tags: [CHEF],
              calories: 410,
            }),
            dish('Veggie Tempura Roll', 1400, 'Veg', 'Sweet potato and asparagus tempura with avocado.', { calories: 390, stockQuantity: 0 }),
          ],
        },
      ],
    },
    {
      name: 'Donburi & Noodles',
      description: 'Hearty bowls for lunch and late dinners.',
      art: 'bowl',
      items: [
        dish('Chirashi Bowl', 2800, 'Non-veg', "An assortment of the day's sashimi over seasoned rice.", { calories: 640, stockQuantity: 5, alertQuantity: 5 }),
        dish('Salmon Teriyaki Don', 2200, 'Non-veg', 'Glazed salmon over rice with pickles and sesame.', { calories: 720 }),
        dish('Tonkotsu Ramen', 1900, 'Non-veg', 'Rich pork bone broth, chashu, menma and thin noodles.', {
          calories: 890,
          modifiers: [pickMany('Toppings', [['Ajitama egg', 250], ['Extra chashu', 400], ['Sweet corn', 150], ['Extra noodles', 300]], 4)],
        }),
        dish('Vegetable Udon', 1700, 'Veg', 'Thick udon in kombu broth with seasonal vegetables.', { calories: 560 }),
        dish('Staff Bento', 700, 'Non-veg', "Rice, pickles and the day's fish for the team between services.", { visibleTo: ['S'], image: false }),
      ],
    },
    {
      name: 'Desserts',
      description: 'Something light to finish.',
      art: 'plate',
      items: [
        dish('Mochi Ice Cream', 800, 'Veg', 'Three pieces of mochi ice cream.', {
          calories: 300,
          modifiers: [pickMany('Flavours', [['Matcha'], ['Black sesame'], ['Mango'], ['Strawberry']], 3, 3)],
        }),
        dish('Matcha Cheesecake', 900, 'Egg', 'A light Japanese-style cheesecake with matcha.', { calories: 340 }),
      ],
    },
    {
      name: 'Drinks',
      description: 'Sake, beer and tea.',
      art: 'glass',
      items: [
        dish('Junmai Sake', 1600, 'Veg', 'A clean, dry junmai from Niigata, by the 300 ml carafe.', { taxBp: ALCOHOL_TAX_BP, calories: 310 }),
        dish('Sapporo Draft', 800, 'Veg', 'Crisp Japanese lager, 16 oz.', { taxBp: ALCOHOL_TAX_BP, calories: 200 }),
        dish('Iced Green Tea', 400, 'Veg', 'Unsweetened sencha brewed cold overnight.', { calories: 0 }),
        dish('Ramune', 450, 'Veg', 'Marble-stoppered Japanese lemon soda.', { calories: 80, image: false }),
      ],
    },
  ],
}
