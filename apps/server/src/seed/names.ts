export const FIRST_NAMES = [
  'Ava', 'Liam', 'Mia', 'Noah', 'Sofia', 'Mateo', 'Isabella', 'Elijah', 'Camila', 'Lucas',
  'Amara', 'Kai', 'Zoe', 'Diego', 'Leila', 'Ethan', 'Priya', 'Omar', 'Hana', 'Jayden',
  'Nora', 'Malik', 'Chloe', 'Santiago', 'Aaliyah', 'Owen', 'Yuki', 'Gabriel', 'Fatima', 'Levi',
  'Maya', 'Ezra', 'Lucia', 'Jonah', 'Imani', 'Felix', 'Ruby', 'Andre', 'Naomi', 'Theo',
];
export const LAST_NAMES = [
  'Garcia', 'Nguyen', 'Smith', 'Johnson', 'Martinez', 'Lee', 'Brown', 'Hernandez', 'Patel', 'Kim',
  'Lopez', 'Williams', 'Chen', 'Davis', 'Okafor', 'Rodriguez', 'Wilson', 'Singh', 'Anderson', 'Thomas',
  'Moore', 'Jackson', 'Tanaka', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen',
];
