/** Groups are on every plan; these bounds keep a list and a group's answer a sensible size. */
export const MAX_GROUPS_PER_ACCOUNT = 200;
export const MAX_MONITORS_PER_GROUP = 1000;
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 500;
