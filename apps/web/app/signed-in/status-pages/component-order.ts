import type {
  ComponentList,
  ComponentOrder,
  StatusComponent,
  StatusSection,
} from "./status-pages-api.ts";

/** Components under one heading: a section, or none for those outside every section. */
export interface ComponentGroup {
  section: StatusSection | null;
  components: StatusComponent[];
}

/** The page's components as the app shows them: those outside sections first, then each section. */
export function groupComponents(list: ComponentList): ComponentGroup[] {
  const sections = [...list.sections].sort((a, b) => a.position - b.position);
  const known = new Set(sections.map((section) => section.id));
  const loose = list.data.filter((item) => item.section_id === null || !known.has(item.section_id));
  return [
    { section: null, components: loose },
    ...sections.map((section) => ({
      section,
      components: list.data.filter((item) => item.section_id === section.id),
    })),
  ];
}

/** The order operation's body for groups shown in this order. */
export function orderOf(groups: readonly ComponentGroup[]): ComponentOrder {
  return {
    section_ids: groups.flatMap((group) => (group.section ? [group.section.id] : [])),
    components: groups.flatMap((group) =>
      group.components.map((item) => ({ id: item.id, section_id: group.section?.id ?? null })),
    ),
  };
}

function swap<T>(items: readonly T[], index: number, offset: -1 | 1): T[] | undefined {
  const other = index + offset;
  if (index < 0 || other < 0 || other >= items.length) return undefined;
  const copy = [...items];
  [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  return copy;
}

/** The order with a component one place up (-1) or down (1) in its group; undefined at an end. */
export function moveComponent(
  list: ComponentList,
  componentId: string,
  offset: -1 | 1,
): ComponentOrder | undefined {
  const groups = groupComponents(list);
  for (const group of groups) {
    const index = group.components.findIndex((item) => item.id === componentId);
    if (index === -1) continue;
    const moved = swap(group.components, index, offset);
    if (!moved) return undefined;
    return orderOf(groups.map((each) => (each === group ? { ...each, components: moved } : each)));
  }
  return undefined;
}

/** The order with a component moved to the end of another section (null: outside sections). */
export function moveComponentToSection(
  list: ComponentList,
  componentId: string,
  sectionId: string | null,
): ComponentOrder | undefined {
  const component = list.data.find((item) => item.id === componentId);
  if (!component) return undefined;
  const groups = groupComponents(list).map((group) => ({
    ...group,
    components: group.components.filter((item) => item.id !== componentId),
  }));
  const target = groups.find((group) => (group.section?.id ?? null) === sectionId);
  if (!target) return undefined;
  target.components.push(component);
  return orderOf(groups);
}

/** The order with a section one place up (-1) or down (1); undefined at an end. */
export function moveSection(
  list: ComponentList,
  sectionId: string,
  offset: -1 | 1,
): ComponentOrder | undefined {
  const [loose, ...sections] = groupComponents(list);
  const index = sections.findIndex((group) => group.section?.id === sectionId);
  const moved = swap(sections, index, offset);
  return moved && loose ? orderOf([loose, ...moved]) : undefined;
}
