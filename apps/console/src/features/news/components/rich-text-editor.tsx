import { useEffect } from 'react';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text-editor.css';

/** What the server keeps of a link (decision 0075): a full web or e-mail address. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
      isAllowedUri: (url) => SAFE_HREF.test(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    },
  }),
];

interface Tool {
  key: string;
  label: string;
  title: string;
  run: (editor: Editor) => void;
  isActive?: (editor: Editor) => boolean;
}

/**
 * A button's name: its title, with its visible text in front when that is a word of its own
 * (`H2 大标题`), so a voice user saying what they see finds it; a glyph (B, I) is its title.
 */
const accessibleName = (tool: Tool) =>
  tool.label.length > 1 && tool.label !== tool.title ? `${tool.label} ${tool.title}` : tool.title;

const chain = (editor: Editor) => editor.chain().focus();

const tools: Tool[] = [
  {
    key: 'h2',
    label: 'H2',
    title: '大标题',
    run: (e) => chain(e).toggleHeading({ level: 2 }).run(),
    isActive: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'h3',
    label: 'H3',
    title: '小标题',
    run: (e) => chain(e).toggleHeading({ level: 3 }).run(),
    isActive: (e) => e.isActive('heading', { level: 3 }),
  },
  {
    key: 'bold',
    label: 'B',
    title: '加粗',
    run: (e) => chain(e).toggleBold().run(),
    isActive: (e) => e.isActive('bold'),
  },
  {
    key: 'italic',
    label: 'I',
    title: '斜体',
    run: (e) => chain(e).toggleItalic().run(),
    isActive: (e) => e.isActive('italic'),
  },
  {
    key: 'underline',
    label: 'U',
    title: '下划线',
    run: (e) => chain(e).toggleUnderline().run(),
    isActive: (e) => e.isActive('underline'),
  },
  {
    key: 'strike',
    label: 'S',
    title: '删除线',
    run: (e) => chain(e).toggleStrike().run(),
    isActive: (e) => e.isActive('strike'),
  },
  {
    key: 'bulletList',
    label: '• 列表',
    title: '无序列表',
    run: (e) => chain(e).toggleBulletList().run(),
    isActive: (e) => e.isActive('bulletList'),
  },
  {
    key: 'orderedList',
    label: '1. 列表',
    title: '有序列表',
    run: (e) => chain(e).toggleOrderedList().run(),
    isActive: (e) => e.isActive('orderedList'),
  },
  {
    key: 'blockquote',
    label: '引用',
    title: '引用',
    run: (e) => chain(e).toggleBlockquote().run(),
    isActive: (e) => e.isActive('blockquote'),
  },
  {
    key: 'codeBlock',
    label: '代码',
    title: '代码块',
    run: (e) => chain(e).toggleCodeBlock().run(),
    isActive: (e) => e.isActive('codeBlock'),
  },
  {
    key: 'hr',
    label: '分隔线',
    title: '分隔线',
    run: (e) => chain(e).setHorizontalRule().run(),
  },
];

/** Asks for the link's address; an empty answer removes the link, an unsafe one is refused. */
function editLink(editor: Editor, onRefused: () => void) {
  const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
  const url = window.prompt('链接地址（https:// 或 mailto:）', previous);
  if (url === null) return;
  if (url.trim() === '' || url.trim() === 'https://') {
    chain(editor).extendMarkRange('link').unsetLink().run();
    return;
  }
  if (!SAFE_HREF.test(url.trim())) {
    onRefused();
    return;
  }
  chain(editor).extendMarkRange('link').setLink({ href: url.trim() }).run();
}

function Toolbar({ editor, onLinkRefused }: { editor: Editor; onLinkRefused: () => void }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      ...Object.fromEntries(tools.map((t) => [t.key, t.isActive?.(e) ?? false])),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  }) as Record<string, boolean>;
  return (
    <Flex className="rte-toolbar" wrap gap={4} role="toolbar" aria-label="格式">
      {tools.map((tool) => (
        <Tooltip key={tool.key} title={tool.title}>
          <Button
            size="small"
            type={active[tool.key] ? 'primary' : 'text'}
            aria-label={accessibleName(tool)}
            aria-pressed={active[tool.key]}
            onClick={() => tool.run(editor)}
          >
            {tool.label}
          </Button>
        </Tooltip>
      ))}
      <Tooltip title="链接">
        <Button
          size="small"
          type={active.link ? 'primary' : 'text'}
          aria-label="链接"
          onClick={() => editLink(editor, onLinkRefused)}
        >
          链接
        </Button>
      </Tooltip>
      <Divider type="vertical" />
      <Button
        size="small"
        type="text"
        aria-label="撤销"
        disabled={!active.canUndo}
        onClick={() => chain(editor).undo().run()}
      >
        撤销
      </Button>
      <Button
        size="small"
        type="text"
        aria-label="重做"
        disabled={!active.canRedo}
        onClick={() => chain(editor).redo().run()}
      >
        重做
      </Button>
    </Flex>
  );
}

/**
 * The news body's editor (Tiptap): writes only what the server's allow-list keeps. Used as an
 * antd form control (`value`, `onChange`); an empty document is ''.
 */
export default function RichTextEditor({
  value,
  onChange,
  id,
  onLinkRefused,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  onLinkRefused: () => void;
}) {
  const editor = useEditor({
    extensions,
    content: value ?? '',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': '正文',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (the article loaded after the editor) replaces the document.
  useEffect(() => {
    if (!editor || value === undefined) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rte" data-testid="rich-text-editor">
      <Toolbar editor={editor} onLinkRefused={onLinkRefused} />
      <EditorContent editor={editor} />
    </div>
  );
}
