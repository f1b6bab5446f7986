// Mantine styles of the data screens (tables, menus, chips, tabs, fields), imported by the shared list
// components so they arrive with the console chunks and never with the public pages.
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Chip.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import './modal-styles';
import './data-print.css';
