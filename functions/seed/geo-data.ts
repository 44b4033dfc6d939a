/** Seed geo tree: continents → countries → cities, names in ru and en, ISO 4217 local currency per country. */
export interface SeedNames {
  ru: string;
  en: string;
}
export interface SeedCity {
  key: string;
  names: SeedNames;
}
export interface SeedCountry {
  key: string;
  names: SeedNames;
  localCurrency: string;
  cities: SeedCity[];
}
export interface SeedContinent {
  key: string;
  names: SeedNames;
  countries: SeedCountry[];
}

export const GEO_SEED: SeedContinent[] = [
  {
    key: 'europe',
    names: { ru: 'Европа', en: 'Europe' },
    countries: [
      {
        key: 'germany',
        names: { ru: 'Германия', en: 'Germany' },
        localCurrency: 'EUR',
        cities: [
          { key: 'berlin', names: { ru: 'Берлин', en: 'Berlin' } },
          { key: 'munich', names: { ru: 'Мюнхен', en: 'Munich' } },
          { key: 'frankfurt', names: { ru: 'Франкфурт-на-Майне', en: 'Frankfurt' } },
          { key: 'hamburg', names: { ru: 'Гамбург', en: 'Hamburg' } },
        ],
      },
      {
        key: 'france',
        names: { ru: 'Франция', en: 'France' },
        localCurrency: 'EUR',
        cities: [
          { key: 'paris', names: { ru: 'Париж', en: 'Paris' } },
          { key: 'nice', names: { ru: 'Ницца', en: 'Nice' } },
          { key: 'lyon', names: { ru: 'Лион', en: 'Lyon' } },
        ],
      },
      {
        key: 'spain',
        names: { ru: 'Испания', en: 'Spain' },
        localCurrency: 'EUR',
        cities: [
          { key: 'madrid', names: { ru: 'Мадрид', en: 'Madrid' } },
          { key: 'barcelona', names: { ru: 'Барселона', en: 'Barcelona' } },
          { key: 'valencia', names: { ru: 'Валенсия', en: 'Valencia' } },
        ],
      },
      {
        key: 'italy',
        names: { ru: 'Италия', en: 'Italy' },
        localCurrency: 'EUR',
        cities: [
          { key: 'rome', names: { ru: 'Рим', en: 'Rome' } },
          { key: 'milan', names: { ru: 'Милан', en: 'Milan' } },
          { key: 'venice', names: { ru: 'Венеция', en: 'Venice' } },
        ],
      },
      {
        key: 'poland',
        names: { ru: 'Польша', en: 'Poland' },
        localCurrency: 'PLN',
        cities: [
          { key: 'warsaw', names: { ru: 'Варшава', en: 'Warsaw' } },
          { key: 'krakow', names: { ru: 'Краков', en: 'Krakow' } },
          { key: 'wroclaw', names: { ru: 'Вроцлав', en: 'Wroclaw' } },
        ],
      },
      {
        key: 'netherlands',
        names: { ru: 'Нидерланды', en: 'Netherlands' },
        localCurrency: 'EUR',
        cities: [
          { key: 'amsterdam', names: { ru: 'Амстердам', en: 'Amsterdam' } },
          { key: 'rotterdam', names: { ru: 'Роттердам', en: 'Rotterdam' } },
        ],
      },
      {
        key: 'czech_republic',
        names: { ru: 'Чехия', en: 'Czech Republic' },
        localCurrency: 'CZK',
        cities: [
          { key: 'prague', names: { ru: 'Прага', en: 'Prague' } },
          { key: 'brno', names: { ru: 'Брно', en: 'Brno' } },
        ],
      },
      {
        key: 'serbia',
        names: { ru: 'Сербия', en: 'Serbia' },
        localCurrency: 'RSD',
        cities: [
          { key: 'belgrade', names: { ru: 'Белград', en: 'Belgrade' } },
          { key: 'novi_sad', names: { ru: 'Нови-Сад', en: 'Novi Sad' } },
        ],
      },
      {
        key: 'united_kingdom',
        names: { ru: 'Великобритания', en: 'United Kingdom' },
        localCurrency: 'GBP',
        cities: [
          { key: 'london', names: { ru: 'Лондон', en: 'London' } },
          { key: 'manchester', names: { ru: 'Манчестер', en: 'Manchester' } },
          { key: 'edinburgh', names: { ru: 'Эдинбург', en: 'Edinburgh' } },
        ],
      },
      {
        key: 'switzerland',
        names: { ru: 'Швейцария', en: 'Switzerland' },
        localCurrency: 'CHF',
        cities: [
          { key: 'zurich', names: { ru: 'Цюрих', en: 'Zurich' } },
          { key: 'geneva', names: { ru: 'Женева', en: 'Geneva' } },
        ],
      },
      {
        key: 'montenegro',
        names: { ru: 'Черногория', en: 'Montenegro' },
        localCurrency: 'EUR',
        cities: [
          { key: 'podgorica', names: { ru: 'Подгорица', en: 'Podgorica' } },
          { key: 'budva', names: { ru: 'Будва', en: 'Budva' } },
        ],
      },
      {
        key: 'portugal',
        names: { ru: 'Португалия', en: 'Portugal' },
        localCurrency: 'EUR',
        cities: [
          { key: 'lisbon', names: { ru: 'Лиссабон', en: 'Lisbon' } },
          { key: 'porto', names: { ru: 'Порту', en: 'Porto' } },
        ],
      },
      {
        key: 'cyprus',
        names: { ru: 'Кипр', en: 'Cyprus' },
        localCurrency: 'EUR',
        cities: [
          { key: 'limassol', names: { ru: 'Лимасол', en: 'Limassol' } },
          { key: 'nicosia', names: { ru: 'Никосия', en: 'Nicosia' } },
          { key: 'larnaca', names: { ru: 'Ларнака', en: 'Larnaca' } },
        ],
      },
    ],
  },
  {
    key: 'cis',
    names: { ru: 'СНГ', en: 'CIS' },
    countries: [
      {
        key: 'russia',
        names: { ru: 'Россия', en: 'Russia' },
        localCurrency: 'RUB',
        cities: [
          { key: 'moscow', names: { ru: 'Москва', en: 'Moscow' } },
          { key: 'saint_petersburg', names: { ru: 'Санкт-Петербург', en: 'Saint Petersburg' } },
          { key: 'kazan', names: { ru: 'Казань', en: 'Kazan' } },
          { key: 'novosibirsk', names: { ru: 'Новосибирск', en: 'Novosibirsk' } },
        ],
      },
      {
        key: 'kazakhstan',
        names: { ru: 'Казахстан', en: 'Kazakhstan' },
        localCurrency: 'KZT',
        cities: [
          { key: 'almaty', names: { ru: 'Алматы', en: 'Almaty' } },
          { key: 'astana', names: { ru: 'Астана', en: 'Astana' } },
          { key: 'shymkent', names: { ru: 'Шымкент', en: 'Shymkent' } },
        ],
      },
      {
        key: 'uzbekistan',
        names: { ru: 'Узбекистан', en: 'Uzbekistan' },
        localCurrency: 'UZS',
        cities: [
          { key: 'tashkent', names: { ru: 'Ташкент', en: 'Tashkent' } },
          { key: 'samarkand', names: { ru: 'Самарканд', en: 'Samarkand' } },
        ],
      },
      {
        key: 'kyrgyzstan',
        names: { ru: 'Киргизия', en: 'Kyrgyzstan' },
        localCurrency: 'KGS',
        cities: [
          { key: 'bishkek', names: { ru: 'Бишкек', en: 'Bishkek' } },
          { key: 'osh', names: { ru: 'Ош', en: 'Osh' } },
        ],
      },
      {
        key: 'armenia',
        names: { ru: 'Армения', en: 'Armenia' },
        localCurrency: 'AMD',
        cities: [
          { key: 'yerevan', names: { ru: 'Ереван', en: 'Yerevan' } },
          { key: 'gyumri', names: { ru: 'Гюмри', en: 'Gyumri' } },
        ],
      },
      {
        key: 'belarus',
        names: { ru: 'Беларусь', en: 'Belarus' },
        localCurrency: 'BYN',
        cities: [
          { key: 'minsk', names: { ru: 'Минск', en: 'Minsk' } },
          { key: 'brest', names: { ru: 'Брест', en: 'Brest' } },
        ],
      },
      {
        key: 'azerbaijan',
        names: { ru: 'Азербайджан', en: 'Azerbaijan' },
        localCurrency: 'AZN',
        cities: [
          { key: 'baku', names: { ru: 'Баку', en: 'Baku' } },
          { key: 'ganja', names: { ru: 'Гянджа', en: 'Ganja' } },
        ],
      },
      {
        key: 'georgia',
        names: { ru: 'Грузия', en: 'Georgia' },
        localCurrency: 'GEL',
        cities: [
          { key: 'tbilisi', names: { ru: 'Тбилиси', en: 'Tbilisi' } },
          { key: 'batumi', names: { ru: 'Батуми', en: 'Batumi' } },
          { key: 'kutaisi', names: { ru: 'Кутаиси', en: 'Kutaisi' } },
        ],
      },
      {
        key: 'tajikistan',
        names: { ru: 'Таджикистан', en: 'Tajikistan' },
        localCurrency: 'TJS',
        cities: [
          { key: 'dushanbe', names: { ru: 'Душанбе', en: 'Dushanbe' } },
          { key: 'khujand', names: { ru: 'Худжанд', en: 'Khujand' } },
        ],
      },
      {
        key: 'moldova',
        names: { ru: 'Молдова', en: 'Moldova' },
        localCurrency: 'MDL',
        cities: [
          { key: 'chisinau', names: { ru: 'Кишинёв', en: 'Chisinau' } },
          { key: 'balti', names: { ru: 'Бельцы', en: 'Balti' } },
        ],
      },
    ],
  },
  {
    key: 'middle_east',
    names: { ru: 'Ближний Восток', en: 'Middle East' },
    countries: [
      {
        key: 'turkey',
        names: { ru: 'Турция', en: 'Turkey' },
        localCurrency: 'TRY',
        cities: [
          { key: 'istanbul', names: { ru: 'Стамбул', en: 'Istanbul' } },
          { key: 'ankara', names: { ru: 'Анкара', en: 'Ankara' } },
          { key: 'antalya', names: { ru: 'Анталья', en: 'Antalya' } },
        ],
      },
      {
        key: 'united_arab_emirates',
        names: { ru: 'ОАЭ', en: 'United Arab Emirates' },
        localCurrency: 'AED',
        cities: [
          { key: 'dubai', names: { ru: 'Дубай', en: 'Dubai' } },
          { key: 'abu_dhabi', names: { ru: 'Абу-Даби', en: 'Abu Dhabi' } },
          { key: 'sharjah', names: { ru: 'Шарджа', en: 'Sharjah' } },
        ],
      },
      {
        key: 'israel',
        names: { ru: 'Израиль', en: 'Israel' },
        localCurrency: 'ILS',
        cities: [
          { key: 'tel_aviv', names: { ru: 'Тель-Авив', en: 'Tel Aviv' } },
          { key: 'jerusalem', names: { ru: 'Иерусалим', en: 'Jerusalem' } },
          { key: 'haifa', names: { ru: 'Хайфа', en: 'Haifa' } },
        ],
      },
      {
        key: 'saudi_arabia',
        names: { ru: 'Саудовская Аравия', en: 'Saudi Arabia' },
        localCurrency: 'SAR',
        cities: [
          { key: 'riyadh', names: { ru: 'Эр-Рияд', en: 'Riyadh' } },
          { key: 'jeddah', names: { ru: 'Джидда', en: 'Jeddah' } },
        ],
      },
      {
        key: 'qatar',
        names: { ru: 'Катар', en: 'Qatar' },
        localCurrency: 'QAR',
        cities: [
          { key: 'doha', names: { ru: 'Доха', en: 'Doha' } },
          { key: 'al_rayyan', names: { ru: 'Эр-Райян', en: 'Al Rayyan' } },
        ],
      },
      {
        key: 'oman',
        names: { ru: 'Оман', en: 'Oman' },
        localCurrency: 'OMR',
        cities: [
          { key: 'muscat', names: { ru: 'Маскат', en: 'Muscat' } },
          { key: 'salalah', names: { ru: 'Салала', en: 'Salalah' } },
        ],
      },
    ],
  },
  {
    key: 'north_america',
    names: { ru: 'Северная Америка', en: 'North America' },
    countries: [
      {
        key: 'united_states',
        names: { ru: 'США', en: 'United States' },
        localCurrency: 'USD',
        cities: [
          { key: 'new_york', names: { ru: 'Нью-Йорк', en: 'New York' } },
          { key: 'los_angeles', names: { ru: 'Лос-Анджелес', en: 'Los Angeles' } },
          { key: 'miami', names: { ru: 'Майами', en: 'Miami' } },
          { key: 'chicago', names: { ru: 'Чикаго', en: 'Chicago' } },
        ],
      },
      {
        key: 'canada',
        names: { ru: 'Канада', en: 'Canada' },
        localCurrency: 'CAD',
        cities: [
          { key: 'toronto', names: { ru: 'Торонто', en: 'Toronto' } },
          { key: 'vancouver', names: { ru: 'Ванкувер', en: 'Vancouver' } },
          { key: 'montreal', names: { ru: 'Монреаль', en: 'Montreal' } },
        ],
      },
      {
        key: 'mexico',
        names: { ru: 'Мексика', en: 'Mexico' },
        localCurrency: 'MXN',
        cities: [
          { key: 'mexico_city', names: { ru: 'Мехико', en: 'Mexico City' } },
          { key: 'cancun', names: { ru: 'Канкун', en: 'Cancun' } },
          { key: 'guadalajara', names: { ru: 'Гвадалахара', en: 'Guadalajara' } },
        ],
      },
      {
        key: 'dominican_republic',
        names: { ru: 'Доминиканская Республика', en: 'Dominican Republic' },
        localCurrency: 'DOP',
        cities: [
          { key: 'santo_domingo', names: { ru: 'Санто-Доминго', en: 'Santo Domingo' } },
          { key: 'punta_cana', names: { ru: 'Пунта-Кана', en: 'Punta Cana' } },
        ],
      },
    ],
  },
  {
    key: 'south_america',
    names: { ru: 'Южная Америка', en: 'South America' },
    countries: [
      {
        key: 'brazil',
        names: { ru: 'Бразилия', en: 'Brazil' },
        localCurrency: 'BRL',
        cities: [
          { key: 'sao_paulo', names: { ru: 'Сан-Паулу', en: 'Sao Paulo' } },
          { key: 'rio_de_janeiro', names: { ru: 'Рио-де-Жанейро', en: 'Rio de Janeiro' } },
          { key: 'brasilia', names: { ru: 'Бразилиа', en: 'Brasilia' } },
        ],
      },
      {
        key: 'argentina',
        names: { ru: 'Аргентина', en: 'Argentina' },
        localCurrency: 'ARS',
        cities: [
          { key: 'buenos_aires', names: { ru: 'Буэнос-Айрес', en: 'Buenos Aires' } },
          { key: 'cordoba', names: { ru: 'Кордова', en: 'Cordoba' } },
          { key: 'mendoza', names: { ru: 'Мендоса', en: 'Mendoza' } },
        ],
      },
      {
        key: 'chile',
        names: { ru: 'Чили', en: 'Chile' },
        localCurrency: 'CLP',
        cities: [
          { key: 'santiago', names: { ru: 'Сантьяго', en: 'Santiago' } },
          { key: 'valparaiso', names: { ru: 'Вальпараисо', en: 'Valparaiso' } },
        ],
      },
      {
        key: 'colombia',
        names: { ru: 'Колумбия', en: 'Colombia' },
        localCurrency: 'COP',
        cities: [
          { key: 'bogota', names: { ru: 'Богота', en: 'Bogota' } },
          { key: 'medellin', names: { ru: 'Медельин', en: 'Medellin' } },
        ],
      },
      {
        key: 'peru',
        names: { ru: 'Перу', en: 'Peru' },
        localCurrency: 'PEN',
        cities: [
          { key: 'lima', names: { ru: 'Лима', en: 'Lima' } },
          { key: 'cusco', names: { ru: 'Куско', en: 'Cusco' } },
        ],
      },
    ],
  },
  {
    key: 'asia',
    names: { ru: 'Азия', en: 'Asia' },
    countries: [
      {
        key: 'thailand',
        names: { ru: 'Таиланд', en: 'Thailand' },
        localCurrency: 'THB',
        cities: [
          { key: 'bangkok', names: { ru: 'Бангкок', en: 'Bangkok' } },
          { key: 'phuket', names: { ru: 'Пхукет', en: 'Phuket' } },
          { key: 'pattaya', names: { ru: 'Паттайя', en: 'Pattaya' } },
          { key: 'chiang_mai', names: { ru: 'Чиангмай', en: 'Chiang Mai' } },
        ],
      },
      {
        key: 'china',
        names: { ru: 'Китай', en: 'China' },
        localCurrency: 'CNY',
        cities: [
          { key: 'beijing', names: { ru: 'Пекин', en: 'Beijing' } },
          { key: 'shanghai', names: { ru: 'Шанхай', en: 'Shanghai' } },
          { key: 'guangzhou', names: { ru: 'Гуанчжоу', en: 'Guangzhou' } },
          { key: 'shenzhen', names: { ru: 'Шэньчжэнь', en: 'Shenzhen' } },
        ],
      },
      {
        key: 'japan',
        names: { ru: 'Япония', en: 'Japan' },
        localCurrency: 'JPY',
        cities: [
          { key: 'tokyo', names: { ru: 'Токио', en: 'Tokyo' } },
          { key: 'osaka', names: { ru: 'Осака', en: 'Osaka' } },
          { key: 'kyoto', names: { ru: 'Киото', en: 'Kyoto' } },
        ],
      },
      {
        key: 'indonesia',
        names: { ru: 'Индонезия', en: 'Indonesia' },
        localCurrency: 'IDR',
        cities: [
          { key: 'jakarta', names: { ru: 'Джакарта', en: 'Jakarta' } },
          { key: 'denpasar', names: { ru: 'Денпасар', en: 'Denpasar' } },
        ],
      },
      {
        key: 'vietnam',
        names: { ru: 'Вьетнам', en: 'Vietnam' },
        localCurrency: 'VND',
        cities: [
          { key: 'hanoi', names: { ru: 'Ханой', en: 'Hanoi' } },
          { key: 'ho_chi_minh_city', names: { ru: 'Хошимин', en: 'Ho Chi Minh City' } },
          { key: 'da_nang', names: { ru: 'Дананг', en: 'Da Nang' } },
        ],
      },
      {
        key: 'india',
        names: { ru: 'Индия', en: 'India' },
        localCurrency: 'INR',
        cities: [
          { key: 'new_delhi', names: { ru: 'Нью-Дели', en: 'New Delhi' } },
          { key: 'mumbai', names: { ru: 'Мумбаи', en: 'Mumbai' } },
          { key: 'bengaluru', names: { ru: 'Бангалор', en: 'Bengaluru' } },
        ],
      },
      {
        key: 'south_korea',
        names: { ru: 'Южная Корея', en: 'South Korea' },
        localCurrency: 'KRW',
        cities: [
          { key: 'seoul', names: { ru: 'Сеул', en: 'Seoul' } },
          { key: 'busan', names: { ru: 'Пусан', en: 'Busan' } },
        ],
      },
      {
        key: 'malaysia',
        names: { ru: 'Малайзия', en: 'Malaysia' },
        localCurrency: 'MYR',
        cities: [
          { key: 'kuala_lumpur', names: { ru: 'Куала-Лумпур', en: 'Kuala Lumpur' } },
          { key: 'george_town', names: { ru: 'Джорджтаун', en: 'George Town' } },
        ],
      },
    ],
  },
  {
    key: 'africa',
    names: { ru: 'Африка', en: 'Africa' },
    countries: [
      {
        key: 'egypt',
        names: { ru: 'Египет', en: 'Egypt' },
        localCurrency: 'EGP',
        cities: [
          { key: 'cairo', names: { ru: 'Каир', en: 'Cairo' } },
          { key: 'hurghada', names: { ru: 'Хургада', en: 'Hurghada' } },
          { key: 'sharm_el_sheikh', names: { ru: 'Шарм-эш-Шейх', en: 'Sharm El Sheikh' } },
          { key: 'alexandria', names: { ru: 'Александрия', en: 'Alexandria' } },
        ],
      },
      {
        key: 'nigeria',
        names: { ru: 'Нигерия', en: 'Nigeria' },
        localCurrency: 'NGN',
        cities: [
          { key: 'lagos', names: { ru: 'Лагос', en: 'Lagos' } },
          { key: 'abuja', names: { ru: 'Абуджа', en: 'Abuja' } },
        ],
      },
      {
        key: 'south_africa',
        names: { ru: 'ЮАР', en: 'South Africa' },
        localCurrency: 'ZAR',
        cities: [
          { key: 'johannesburg', names: { ru: 'Йоханнесбург', en: 'Johannesburg' } },
          { key: 'cape_town', names: { ru: 'Кейптаун', en: 'Cape Town' } },
          { key: 'durban', names: { ru: 'Дурбан', en: 'Durban' } },
        ],
      },
      {
        key: 'morocco',
        names: { ru: 'Марокко', en: 'Morocco' },
        localCurrency: 'MAD',
        cities: [
          { key: 'casablanca', names: { ru: 'Касабланка', en: 'Casablanca' } },
          { key: 'marrakesh', names: { ru: 'Марракеш', en: 'Marrakesh' } },
          { key: 'rabat', names: { ru: 'Рабат', en: 'Rabat' } },
        ],
      },
      {
        key: 'kenya',
        names: { ru: 'Кения', en: 'Kenya' },
        localCurrency: 'KES',
        cities: [
          { key: 'nairobi', names: { ru: 'Найроби', en: 'Nairobi' } },
          { key: 'mombasa', names: { ru: 'Момбаса', en: 'Mombasa' } },
        ],
      },
      {
        key: 'tanzania',
        names: { ru: 'Танзания', en: 'Tanzania' },
        localCurrency: 'TZS',
        cities: [
          { key: 'dar_es_salaam', names: { ru: 'Дар-эс-Салам', en: 'Dar es Salaam' } },
          { key: 'zanzibar', names: { ru: 'Занзибар', en: 'Zanzibar' } },
        ],
      },
    ],
  },
];
